package pacing_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/pacing"
	"github.com/intake-runtime/intake/internal/pacing/pacingtest"
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
	got := clock.SleepsOver(time.Nanosecond)
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
	if got := clock.SleepsOver(time.Nanosecond); !slices.Equal(got, []time.Duration{500 * time.Millisecond}) {
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
	if got := clock.SleepsOver(time.Nanosecond); !slices.Equal(got, []time.Duration{time.Second}) {
		t.Errorf("waits = %v, want [1s]: the released slot is reused", got)
	}
	canceled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if err := l.Wait(canceled); !errors.Is(err, context.Canceled) {
		t.Errorf("Wait on a canceled context = %v", err)
	}
}

// A fractional rate is kept as it is, never rounded to a whole number: 0.5 is
// one caller every two seconds; an interval that is no whole number of
// nanoseconds is rounded up, so the rate is never exceeded.
func TestLimiterFractionalRates(t *testing.T) {
	tests := []struct {
		rate float64
		gap  time.Duration
	}{
		{0.5, 2 * time.Second},
		{2.5, 400 * time.Millisecond},
		{80, 12500 * time.Microsecond},
		{3, 333333334 * time.Nanosecond},
	}
	for _, tt := range tests {
		clock := newFakeClock(true)
		l, err := pacing.NewLimiter(tt.rate, clock)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if err := l.Wait(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if got := clock.SleepsOver(time.Nanosecond); !slices.Equal(got, []time.Duration{tt.gap, tt.gap}) {
			t.Errorf("rate %g: waits = %v, want two of %v", tt.rate, got, tt.gap)
		}
	}
}

func TestNewLimiterRejectsBadArguments(t *testing.T) {
	for _, rate := range []float64{0, -1, math.NaN(), math.Inf(1), 1e-12, 2e9} {
		if _, err := pacing.NewLimiter(rate, pacing.SystemClock{}); err == nil {
			t.Errorf("NewLimiter(%g) succeeded", rate)
		}
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

// fakeClock is the shared fake clock of paced code.
type fakeClock = pacingtest.FakeClock

func newFakeClock(advance bool) *fakeClock { return pacingtest.NewFakeClock(advance) }
