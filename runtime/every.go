package runtime

import (
	"context"
	"time"
)

// every calls run each interval until ctx is done, the first time one
// interval from now. Calls never overlap: a slow one delays the next, and
// the ticks it spans are dropped rather than run back to back.
func every(ctx context.Context, interval time.Duration, run func(context.Context)) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
		run(ctx)
	}
}
