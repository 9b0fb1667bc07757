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

// turnDeliverer is the queue handler of inbound messages: it hands each turn
// to the conversation of its phone. The in-process queue carries the turn
// itself; a queue message from SQS or from the recovery sweep holds only the
// phone and the message ID, and the turn is read from its receipt. It
// succeeds once the conversation holds the turn, durably buffered, so the
// queue forgets nothing that was not safely kept.
//
// Every delivery is idempotent: a message whose receipt says a committed
// turn answered it is dropped here, one the conversation already buffers is
// recognised there, and the turn's commit refuses a message answered
// meanwhile. The receipt's progress steps are stamped by that commit, not
// here, so handing a message over costs no write.
type turnDeliverer struct {
	receipts *persistence.Receipts
	conv     Conversations
	// fromOperator routes a message an operator sent from their own phone
	// (replying to a handoff notice) to the conversation they hold; it
	// reports whether the message was an operator's.
	fromOperator func(ctx context.Context, phone, messageID, text string) (bool, error)
	now          func() time.Time
	logger       *zap.Logger
}

func (d *turnDeliverer) handle(ctx context.Context, msg queue.Message) error {
	turn, err := d.turn(ctx, msg)
	if err != nil || turn == nil {
		return err
	}
	if d.fromOperator != nil {
		handled, err := d.fromOperator(ctx, turn.PhoneNumber, turn.MessageID, turn.Content)
		if err != nil {
			return err
		}
		if handled {
			// A forward's commit completed the receipt already; a message
			// that was not forwarded (the operator was told why) is done too.
			return d.receipts.Complete(ctx, turn.MessageID, d.now())
		}
	}
	_, err = d.conv.Deliver(ctx, session.ProtoTurn(*turn))
	return err
}

// turn is the message msg announces: the one it carries, or the one its
// receipt holds; nil when there is nothing left to answer.
func (d *turnDeliverer) turn(ctx context.Context, msg queue.Message) (*persistence.InboundTurn, error) {
	if msg.Turn != nil {
		return msg.Turn, nil
	}
	r, err := d.receipts.Get(ctx, msg.MessageID)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		// Expired or cleared: retrying cannot help.
		d.logger.Warn("queue message without a receipt; dropped", zap.String("message_id", msg.MessageID))
		return nil, nil
	case err != nil:
		return nil, err
	case r.CompletedAt != nil:
		return nil, nil // a committed turn answered it
	}
	return &r.InboundTurn, nil
}
