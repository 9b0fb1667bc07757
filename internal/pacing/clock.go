package pacing

import (
	"context"
	"time"
)

// Clock is the time source of pacing and backoff. Tests inject a fake whose
// Sleep advances its own time at once, so pacing is checked by counting and
// ordering, never by measuring wall-clock time.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// Sleep waits for d, or until ctx is done and then returns ctx.Err().
	// It returns at once when d <= 0.
	Sleep(ctx context.Context, d time.Duration) error
}

// SystemClock is the real clock.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// Sleep waits on a timer that is released when ctx ends first.
func (SystemClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
