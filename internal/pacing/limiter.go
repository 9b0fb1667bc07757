package pacing

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"
)

// Limiter is a token bucket with a burst of one: it lets callers through at
// most rate times per second, evenly spaced, in the order they asked. Each Wait
// reserves the next free slot under a lock and then sleeps until it, so
// concurrent callers never share a slot, and a caller whose context ends gives
// its slot back. It is safe for concurrent use. (golang.org/x/time/rate would
// do, but it is not a dependency of this module and this is all we need.)
// Keeping the next free slot instead of a token count is the same bucket
// written for a burst of one.
type Limiter struct {
	clock    Clock
	interval time.Duration

	mu sync.Mutex
	// next is the earliest time the next caller may go.
	next time.Time
}

// NewLimiter returns a limiter of rate events per second on clock. The rate
// may be a fraction: 0.5 lets one caller through every two seconds. The
// interval between callers is rounded up to the nanosecond, so the limiter
// never runs above the rate.
func NewLimiter(rate float64, clock Clock) (*Limiter, error) {
	if !(rate >= 1e-9 && rate <= 1e9) { // also rejects NaN
		return nil, fmt.Errorf("pacing: limiter rate must be between 1e-9 and 1e9 per second, got %g", rate)
	}
	if clock == nil {
		return nil, errors.New("pacing: limiter needs a clock")
	}
	interval := time.Duration(math.Ceil(float64(time.Second) / rate))
	return &Limiter{clock: clock, interval: interval}, nil
}

// Wait blocks until the caller may go, or until ctx ends. A caller whose
// deadline falls before its slot fails at once instead of sleeping into it.
func (l *Limiter) Wait(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	slot, delay := l.reserve()
	if delay <= 0 {
		return nil
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < delay {
		l.release(slot)
		return fmt.Errorf("pacing: slot in %v is past the deadline: %w", delay, context.DeadlineExceeded)
	}
	if err := l.clock.Sleep(ctx, delay); err != nil {
		l.release(slot)
		return err
	}
	return nil
}

// reserve takes the next slot and says how long until it.
func (l *Limiter) reserve() (slot time.Time, delay time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.clock.Now()
	slot = l.next
	if slot.Before(now) {
		slot = now
	}
	l.next = slot.Add(l.interval)
	return slot, slot.Sub(now)
}

// release gives back a slot that was not used, when it is still the last one
// handed out; otherwise later callers already hold later slots and the gap
// simply stays (a little under-use, never over-use).
func (l *Limiter) release(slot time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.next.Equal(slot.Add(l.interval)) {
		l.next = slot
	}
}
