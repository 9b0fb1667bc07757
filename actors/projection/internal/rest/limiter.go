package rest

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Limiter is a token bucket with a burst of one: at most rate callers per
// second, evenly spaced, in the order they asked. Each Wait reserves the next
// free slot under a lock and sleeps until it, so concurrent callers never
// share a slot; a caller whose context ends gives its slot back when no later
// slot was handed out. It is safe for concurrent use. (The idea is
// actors/messaging's limiter; golang.org/x/time/rate is not a dependency.)
type Limiter struct {
	clock    Clock
	interval time.Duration

	mu   sync.Mutex
	next time.Time // the earliest time the next caller may go
}

// NewLimiter returns a limiter of rate events per second on clock.
func NewLimiter(rate int, clock Clock) (*Limiter, error) {
	if rate <= 0 || time.Second/time.Duration(rate) == 0 {
		return nil, fmt.Errorf("rest: limiter rate must be between 1 and 1e9, got %d", rate)
	}
	return &Limiter{clock: clock, interval: time.Second / time.Duration(rate)}, nil
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
	if dl, ok := ctx.Deadline(); ok && dl.Sub(l.clock.Now()) < delay {
		l.release(slot)
		return fmt.Errorf("rest: rate-limit slot in %v is past the deadline: %w", delay, context.DeadlineExceeded)
	}
	if err := l.clock.Sleep(ctx, delay); err != nil {
		l.release(slot)
		return err
	}
	return nil
}

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

func (l *Limiter) release(slot time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.next.Equal(slot.Add(l.interval)) {
		l.next = slot
	}
}
