package runtime

import (
	"context"
	"errors"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// turnDeliverer is the queue handler of inbound messages: it rebuilds the turn
// from its receipt (the queue message holds only the phone and the message
// ID) and hands it to the conversation of its phone. It succeeds only once the
// conversation holds the turn durably, so the queue forgets nothing that was
// not safely buffered. Every delivery is idempotent: a message whose receipt
// says a committed turn answered it is dropped here, and the turn's commit
// refuses a message answered meanwhile.
type turnDeliverer struct {
	receipts *persistence.Receipts
	conv     *session.Supervisor
	// fromOperator routes a message an operator sent from their own phone
	// (replying to a handoff notice) to the conversation they hold; it
	// reports whether the message was an operator's.
	fromOperator func(ctx context.Context, phone, messageID, text string) (bool, error)
	now          func() time.Time
	logger       *zap.Logger
}

func (d *turnDeliverer) handle(ctx context.Context, msg queue.Message) error {
	r, err := d.receipts.Get(ctx, msg.MessageID)
	if errors.Is(err, persistence.ErrNotFound) {
		// Expired or cleared: nothing is left to answer, and retrying cannot help.
		d.logger.Warn("queue message without a receipt; dropped", zap.String("message_id", msg.MessageID))
		return nil
	}
	if err != nil {
		return err
	}
	if r.CompletedAt != nil {
		return nil // a committed turn answered it
	}
	// A message the conversation already buffers is recognised there, so a
	// redelivery (the recovery sweep's, after a long wait) is handed over
	// again: it wakes a conversation that stopped, and brings back a message
	// whose buffer was cleared.
	d.mark(ctx, msg.MessageID, persistence.StepDispatched)
	if d.fromOperator != nil {
		handled, err := d.fromOperator(ctx, r.PhoneNumber, r.MessageID, r.Content)
		if err != nil {
			return err
		}
		if handled {
			// A forward's commit completed the receipt already; a message
			// that was not forwarded (the operator was told why) is done too.
			return d.receipts.Complete(ctx, r.MessageID, d.now())
		}
	}
	if _, err := d.conv.Deliver(ctx, session.ProtoTurn(r.InboundTurn)); err != nil {
		return err
	}
	d.mark(ctx, msg.MessageID, persistence.StepAgentRouted)
	return nil
}

// mark records a progress step; a step already marked (by an earlier try) or
// a failed write only costs observability, never the turn: completion, the
// step that matters, is written by the turn's own commit.
func (d *turnDeliverer) mark(ctx context.Context, id string, step persistence.ReceiptStep) {
	err := d.receipts.Mark(ctx, id, step, d.now())
	if err != nil && !errors.Is(err, persistence.ErrConflict) {
		d.logger.Warn("receipt progress not recorded", zap.String("message_id", id), zap.String("step", string(step)), zap.Error(err))
	}
}
