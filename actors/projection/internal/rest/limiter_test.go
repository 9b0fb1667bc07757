package rest_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/projection/internal/rest"
)

func TestLimiterSpacesCallers(t *testing.T) {
	clock := newFakeClock()
	l, err := rest.NewLimiter(10, clock)
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		if err := l.Wait(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	// The first goes at once; the fake clock moves with each sleep, so each
	// later caller sleeps exactly one interval.
	if got, want := clock.sleeps(), []time.Duration{100 * time.Millisecond, 100 * time.Millisecond, 100 * time.Millisecond}; !slices.Equal(got, want) {
		t.Errorf("sleeps = %v, want %v", got, want)
	}
}

func TestLimiterHonoursContext(t *testing.T) {
	clock := newFakeClock()
	l, err := rest.NewLimiter(1, clock)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Wait(t.Context()); err != nil { // takes the free slot
		t.Fatal(err)
	}
	short, cancel := context.WithDeadline(t.Context(), clock.Now().Add(100*time.Millisecond))
	defer cancel()
	if err := l.Wait(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Wait with a deadline before the slot = %v; want DeadlineExceeded", err)
	}
	canceled, cancel := context.WithCancel(t.Context())
	cancel()
	if err := l.Wait(canceled); !errors.Is(err, context.Canceled) {
		t.Errorf("Wait with a canceled context = %v", err)
	}
	// The slots the failed callers reserved were given back: the next caller
	// waits one interval, not three.
	if err := l.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := clock.sleeps(); !slices.Equal(got, []time.Duration{time.Second}) {
		t.Errorf("sleeps = %v, want [1s]", got)
	}
}

func TestNewLimiterRejectsBadRates(t *testing.T) {
	for _, rate := range []int{0, -1, 2_000_000_000} {
		if _, err := rest.NewLimiter(rate, newFakeClock()); err == nil {
			t.Errorf("NewLimiter(%d) succeeded", rate)
		}
	}
}
