package pacing_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/pacing"
)

// Sequential callers go through one per interval, so no one-second window
// ever holds more than the rate.
func TestLimiterSpacesCallers(t *testing.T) {
	clock := newFakeClock(true)
	l, err := pacing.NewLimiter(4, clock)
	if err != nil {
		t.Fatal(err)
	}
	var at []time.Time
	for range 13 {
		if err := l.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		at = append(at, clock.Now())
	}
	for i := 1; i < len(at); i++ {
		if gap := at[i].Sub(at[i-1]); gap != 250*time.Millisecond {
			t.Errorf("gap %d = %v, want 250ms", i, gap)
		}
	}
	for i := range at {
		n := 0
		for _, t2 := range at[i:] {
			if t2.Sub(at[i]) < time.Second {
				n++
			}
		}
		if n > 4 {
			t.Errorf("%d calls within one second from call %d, want at most 4", n, i)
		}
	}
}

// Concurrent callers each get a slot of their own: with time standing still
// their waits are exactly 0, 1, 2, ... intervals.
func TestLimiterConcurrentCallersGetDistinctSlots(t *testing.T) {
	clock := newFakeClock(false)
	l, err := pacing.NewLimiter(10, clock)
	if err != nil {
		t.Fatal(err)
	}
	const callers = 20
	var wg sync.WaitGroup
	for range callers {
		wg.Go(func() {
			if err := l.Wait(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got := clock.sleepsOver(time.Nanosecond)
	slices.Sort(got)
	var want []time.Duration
	for i := 1; i < callers; i++ {
		want = append(want, time.Duration(i)*100*time.Millisecond)
	}
	if !slices.Equal(got, want) {
		t.Errorf("waits = %v, want %v", got, want)
	}
}

// Idle time is not banked: after a long pause the next callers are spaced
// again, not let through in a burst.
func TestLimiterDoesNotBankIdleTime(t *testing.T) {
	clock := newFakeClock(true)
	l, _ := pacing.NewLimiter(2, clock)
	_ = l.Wait(context.Background())
	clock.Add(time.Hour)
	_ = l.Wait(context.Background())
	_ = l.Wait(context.Background())
	if got := clock.sleepsOver(time.Nanosecond); !slices.Equal(got, []time.Duration{500 * time.Millisecond}) {
		t.Errorf("waits = %v, want one of 500ms", got)
	}
}

// A caller whose deadline falls before its slot fails at once and gives the
// slot back, so the next caller does not wait for it.
func TestLimiterDeadlineReleasesSlot(t *testing.T) {
	clock := newFakeClock(false)
	l, _ := pacing.NewLimiter(1, clock)
	if err := l.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := l.Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Wait error = %v, want DeadlineExceeded", err)
	}
	if err := l.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := clock.sleepsOver(time.Nanosecond); !slices.Equal(got, []time.Duration{time.Second}) {
		t.Errorf("waits = %v, want [1s]: the released slot is reused", got)
	}
	canceled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if err := l.Wait(canceled); !errors.Is(err, context.Canceled) {
		t.Errorf("Wait on a canceled context = %v", err)
	}
}

func TestNewLimiterRejectsBadArguments(t *testing.T) {
	if _, err := pacing.NewLimiter(0, pacing.SystemClock{}); err == nil {
		t.Error("NewLimiter(0) succeeded")
	}
	if _, err := pacing.NewLimiter(1, nil); err == nil {
		t.Error("NewLimiter without clock succeeded")
	}
}

func TestSystemClockSleepHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (pacing.SystemClock{}).Sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("Sleep = %v, want context.Canceled", err)
	}
	if err := (pacing.SystemClock{}).Sleep(context.Background(), 0); err != nil {
		t.Errorf("Sleep(0) = %v", err)
	}
}

// The client paces its own sends: MaxRPS requests a second.
// fakeClock is a Clock whose Sleep returns at once. When advance is set, Sleep
// moves the clock forward by the slept duration, as if the caller had waited;
// otherwise time stands still, so concurrent reservations can be compared
// against one instant. It records every Sleep.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	advance bool
	slept   []time.Duration
}

func newFakeClock(advance bool) *fakeClock {
	return &fakeClock{now: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC), advance: advance}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d <= 0 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.slept = append(c.slept, d)
	if c.advance {
		c.now = c.now.Add(d)
	}
	return nil
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// sleepsOver returns the recorded sleeps of at least min, in order.
func (c *fakeClock) sleepsOver(min time.Duration) []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []time.Duration
	for _, d := range c.slept {
		if d >= min {
			out = append(out, d)
		}
	}
	return out
}
