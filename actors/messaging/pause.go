package messaging

import (
	"context"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/internal/pacing"
)

// RecipientPauses holds back the sends to recipients a platform rate-limited
// one by one (the Cloud API's error 131056: too many messages to one customer
// in a short time): each consecutive limit doubles the recipient's pause,
// from base up to max, and a successful send forgets it. Any platform with a
// per-recipient limit uses it the same way. It is safe for concurrent use.
type RecipientPauses struct {
	pauses *pairBackoff
	clock  pacing.Clock
}

// NewRecipientPauses returns pauses of base doubling up to max, timed by
// clock.
func NewRecipientPauses(base, max time.Duration, clock pacing.Clock) *RecipientPauses {
	return &RecipientPauses{pauses: newPairBackoff(base, max), clock: clock}
}

// Await waits out the recipient's pause, if any. When the caller's deadline
// would pass first it fails at once (wrapping context.DeadlineExceeded)
// rather than sleep into it.
func (p *RecipientPauses) Await(ctx context.Context, recipient string) error {
	wait := p.pauses.until(recipient).Sub(p.clock.Now())
	if wait <= 0 {
		return nil
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
		return fmt.Errorf("recipient paused by the pair rate limit for %v more, past the caller's deadline: %w",
			wait, context.DeadlineExceeded)
	}
	if err := p.clock.Sleep(ctx, wait); err != nil {
		return fmt.Errorf("waiting for the recipient's pair-rate pause: %w", err)
	}
	return nil
}

// Limited records that the platform rate-limited recipient now and returns
// its new pause.
func (p *RecipientPauses) Limited(recipient string) time.Duration {
	return p.pauses.limited(recipient, p.clock.Now())
}

// Succeeded forgets the recipient's pause and streak.
func (p *RecipientPauses) Succeeded(recipient string) { p.pauses.succeeded(recipient) }
