package pacing

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"golang.org/x/time/rate"
)

// Limiter lets callers through at most rate times per second, evenly spaced
// (golang.org/x/time/rate with a burst of one), timed by a Clock so that tests
// check pacing by counting, never by sleeping. A caller whose context ends
// before its slot gives the slot back. It is safe for concurrent use.
type Limiter struct {
	clock  Clock
	bucket *rate.Limiter
}

// NewLimiter returns a limiter of rate events per second on clock. The rate
// may be a fraction: 0.5 lets one caller through every two seconds.
func NewLimiter(perSecond float64, clock Clock) (*Limiter, error) {
	if !(perSecond >= 1e-9 && perSecond <= 1e9) { // also rejects NaN
		return nil, fmt.Errorf("pacing: limiter rate must be between 1e-9 and 1e9 per second, got %g", perSecond)
	}
	if clock == nil {
		return nil, errors.New("pacing: limiter needs a clock")
	}
	// The interval is rounded up to the nanosecond, so the limiter never
	// lets rate+1 callers into one second.
	interval := time.Duration(math.Ceil(float64(time.Second) / perSecond))
	return &Limiter{clock: clock, bucket: rate.NewLimiter(rate.Every(interval), 1)}, nil
}

// Wait blocks until the caller may go, or until ctx ends. A caller whose
// deadline falls before its slot fails at once instead of sleeping into it.
func (l *Limiter) Wait(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	now := l.clock.Now()
	slot := l.bucket.ReserveN(now, 1)
	delay := slot.DelayFrom(now)
	if delay <= 0 {
		return nil
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < delay { // deadlines are wall-clock
		slot.CancelAt(now)
		return fmt.Errorf("pacing: slot in %v is past the deadline: %w", delay, context.DeadlineExceeded)
	}
	if err := l.clock.Sleep(ctx, delay); err != nil {
		slot.CancelAt(l.clock.Now())
		return err
	}
	return nil
}
