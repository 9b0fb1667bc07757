package messaging_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
)

// Sequential callers go through one per interval, so no one-second window
// ever holds more than the rate.
func TestLimiterSpacesCallers(t *testing.T) {
	clock := newFakeClock(true)
	l, err := messaging.NewLimiter(4, clock)
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
	l, err := messaging.NewLimiter(10, clock)
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
	l, _ := messaging.NewLimiter(2, clock)
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
	l, _ := messaging.NewLimiter(1, clock)
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
	if _, err := messaging.NewLimiter(0, messaging.SystemClock{}); err == nil {
		t.Error("NewLimiter(0) succeeded")
	}
	if _, err := messaging.NewLimiter(1, nil); err == nil {
		t.Error("NewLimiter without clock succeeded")
	}
}

func TestSystemClockSleepHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (messaging.SystemClock{}).Sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("Sleep = %v, want context.Canceled", err)
	}
	if err := (messaging.SystemClock{}).Sleep(context.Background(), 0); err != nil {
		t.Errorf("Sleep(0) = %v", err)
	}
}

// The client paces its own sends: MaxRPS requests a second.
func TestClientPacesSends(t *testing.T) {
	p := newPlatform(t, answer(http.StatusOK, okBody))
	clock := newFakeClock(false)
	c := newClient(t, p.URL, func(cfg *messaging.ClientConfig) { cfg.MaxRPS = 2; cfg.Clock = clock })
	for range 3 {
		if resp, err := c.Send(context.Background(), "5511988887777", "oi"); err != nil || !resp.Success {
			t.Fatalf("Send = %+v, %v", resp, err)
		}
	}
	_, _ = c.MarkRead(context.Background(), "wamid.IN1")
	want := []time.Duration{500 * time.Millisecond, time.Second, 1500 * time.Millisecond}
	if got := clock.sleepsOver(time.Nanosecond); !slices.Equal(got, want) {
		t.Errorf("pacing waits = %v, want %v (mark-read shares the bucket)", got, want)
	}
}

// After 131056 a recipient is paused for a doubling delay, capped, and a
// success forgets it; other recipients are not affected.
func TestPairRateLimitBackoff(t *testing.T) {
	const limitedFirst = 4
	p := newPlatform(t, func(n int, _ *http.Request) (int, string) {
		if n < limitedFirst {
			return http.StatusBadRequest, platformError(messaging.CodePairRateLimit, "Pair rate limit hit")
		}
		return http.StatusOK, okBody
	})
	clock := newFakeClock(true)
	c := newClient(t, p.URL, func(cfg *messaging.ClientConfig) {
		cfg.Clock = clock
		cfg.PairBackoffBase = 6 * time.Second
		cfg.PairBackoffMax = 20 * time.Second
	})
	var kinds []persistence.ErrorKind
	for range limitedFirst + 2 {
		resp, err := c.Send(context.Background(), "5511988887777", "oi")
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, resp.ErrorKind)
	}
	wantKinds := []persistence.ErrorKind{"transient", "transient", "transient", "transient", "", ""}
	if !slices.Equal(kinds, wantKinds) {
		t.Errorf("kinds = %v, want %v", kinds, wantKinds)
	}
	// Waits before sends 2..5; none before send 6, since send 5 succeeded.
	want := []time.Duration{6 * time.Second, 12 * time.Second, 20 * time.Second, 20 * time.Second}
	if got := clock.sleepsOver(time.Second); !slices.Equal(got, want) {
		t.Errorf("recipient pauses = %v, want %v", got, want)
	}
	if n := len(p.requests()); n != limitedFirst+2 {
		t.Errorf("platform got %d requests, want %d", n, limitedFirst+2)
	}
}

func TestPairRateLimitPausesOnlyThatRecipient(t *testing.T) {
	p := newPlatform(t, answer(http.StatusBadRequest, platformError(messaging.CodePairRateLimit, "Pair rate limit hit")))
	clock := newFakeClock(true)
	c := newClient(t, p.URL, func(cfg *messaging.ClientConfig) { cfg.Clock = clock })
	_, _ = c.Send(context.Background(), "5511988887777", "oi")
	_, _ = c.Send(context.Background(), "5521977776666", "oi")
	if got := clock.sleepsOver(time.Second); len(got) != 0 {
		t.Errorf("another recipient waited %v, want no pause", got)
	}
}

// When the caller's deadline ends before the pause, Send fails transient at
// once, without a request and without sleeping.
func TestPairRateLimitPastDeadlineFailsFast(t *testing.T) {
	p := newPlatform(t, answer(http.StatusBadRequest, platformError(messaging.CodePairRateLimit, "Pair rate limit hit")))
	clock := newFakeClock(true)
	c := newClient(t, p.URL, func(cfg *messaging.ClientConfig) { cfg.Clock = clock })
	_, _ = c.Send(context.Background(), "5511988887777", "oi")

	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	resp, err := c.Send(ctx, "5511988887777", "oi")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error = %v, want DeadlineExceeded", err)
	}
	if resp.Success || resp.ErrorKind != persistence.ErrorKindTransient {
		t.Errorf("response = %+v, want transient", resp)
	}
	if n := len(p.requests()); n != 1 {
		t.Errorf("platform got %d requests, want 1", n)
	}
	if got := clock.sleepsOver(time.Second); len(got) != 0 {
		t.Errorf("slept %v, want no sleep", got)
	}
}
