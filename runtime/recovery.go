package runtime

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// recovery sees acknowledged work through, whatever happened to the process
// or the queue in between: a message the webhook answered 200 for and that no
// turn has answered after RECOVERY_AFTER goes back on the inbound queue (the
// consumer and the turn's commit are idempotent, so one still in a queue or a
// buffer costs nothing more), and a conversation whose committed reply has no
// send result after as long is woken, so its messaging.Replies send it. Both
// are found through the sharded work indexes, never a scan. It runs at start
// and every RECOVERY_INTERVAL, with the in-process queue and SQS alike.
type recovery struct {
	receipts *persistence.Receipts
	outbox   *persistence.Outbox
	queue    queue.Sender
	conv     Conversations
	after    time.Duration
	now      func() time.Time
	logger   *zap.Logger
}

// recoverySendTimeout bounds one re-enqueue, so a full in-process queue ends the
// sweep (the next one carries on) instead of holding it.
const recoverySendTimeout = 5 * time.Second

// sweep runs once over the work older than after and reports how many
// messages it enqueued again and how many conversations it woke for unsent
// replies.
func (r *recovery) sweep(ctx context.Context, after time.Duration) (requeued, woken int, err error) {
	upTo := r.now().Add(-after)
	owed, err := r.receipts.Unfinished(ctx, upTo)
	if err != nil {
		return 0, 0, err
	}
	for _, m := range owed {
		sendCtx, cancel := context.WithTimeout(ctx, recoverySendTimeout)
		err := r.queue.Send(sendCtx, m)
		cancel()
		if err != nil {
			return requeued, 0, fmt.Errorf("runtime: enqueue %s again: %w", m.MessageID, err)
		}
		requeued++
	}
	unsent, err := r.outbox.Unfinished(ctx, upTo)
	if err != nil {
		return requeued, 0, err
	}
	var phones []string
	for _, m := range unsent {
		if !slices.Contains(phones, m.PhoneNumber) {
			phones = append(phones, m.PhoneNumber)
			r.conv.Wake(m.PhoneNumber)
		}
	}
	return requeued, len(phones), nil
}

// run sweeps now and then every interval until ctx is done. The first sweep
// takes up all unfinished work at once: nothing is under way in a process
// that just started, so whatever its last run left is owed now.
func (r *recovery) run(ctx context.Context, interval time.Duration) {
	r.sweepAndLog(ctx, 0)
	every(ctx, interval, func(ctx context.Context) { r.sweepAndLog(ctx, r.after) })
}

// sweepAndLog sweeps the work older than after and logs what it took up.
func (r *recovery) sweepAndLog(ctx context.Context, after time.Duration) {
	requeued, woken, err := r.sweep(ctx, after)
	switch {
	case err != nil && ctx.Err() == nil:
		r.logger.Error("recovery sweep failed; the next one carries on", zap.Int("requeued", requeued), zap.Error(err))
	case requeued > 0 || woken > 0:
		r.logger.Info("recovery sweep: acknowledged work taken up again", zap.Int("requeued", requeued), zap.Int("conversations_woken", woken))
	}
}
