package inbound

import (
	"context"
	"errors"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// Conversations is where inbound turns go: the conversation of each phone.
// The runtime adapts its conversations (the local supervisor or the
// cluster's addressing) to it. Implementations are safe for concurrent use.
type Conversations interface {
	// Deliver hands turn to the conversation of its phone and returns once
	// the conversation holds it, durably buffered. A turn it holds already,
	// or has answered, is recognised there: Deliver is idempotent per
	// message ID.
	Deliver(ctx context.Context, turn domain.InboundTurn) error
	// Wake starts the conversation of phone, best effort, so that it sends
	// what its outbox still owes.
	Wake(phone string)
}

// Operators routes a message an operator sent from their own phone
// (replying to a handoff notice) to the conversation they hold. Route
// reports whether the message was an operator's; one that was is finished
// there and never becomes a customer's turn. It gets the whole turn: the
// operator's identity (PhoneNumber), the number the platform gave
// (ReplyTo) for any answer, the message ID and its text.
type Operators interface {
	Route(ctx context.Context, turn domain.InboundTurn) (bool, error)
}

// DelivererDeps are the Deliverer's collaborators.
type DelivererDeps struct {
	// Table holds the receipts the turns are read from.
	Table persistence.Table
	// Conversations receive the turns.
	Conversations Conversations
	// Operators routes operators' messages; nil when nobody operates from
	// a phone.
	Operators Operators
	// Now is the clock of a receipt's completion; default time.Now.
	Now func() time.Time
}

// Deliverer is the queue handler of inbound messages (Handle): it hands
// each turn to the conversation of its phone. The in-process queue carries
// the turn itself; a queue message from SQS or from the recovery sweep
// holds only the phone and the message ID, and the turn is read from its
// receipt. Handle succeeds once the conversation holds the turn, durably
// buffered, so the queue forgets nothing that was not safely kept.
//
// Every delivery is idempotent: a message whose receipt says a committed
// turn answered it is dropped here, one the conversation already buffers is
// recognised there, and the turn's commit refuses a message answered
// meanwhile. The receipt's progress steps are stamped by that commit, not
// here, so handing a message over costs no write.
type Deliverer struct {
	receipts  *persistence.Receipts
	conv      Conversations
	operators Operators // nil routes nothing
	now       func() time.Time
	log       *zap.Logger
}

// NewDeliverer checks deps and returns the Deliverer. A nil logger logs
// nothing.
func NewDeliverer(deps DelivererDeps, logger *zap.Logger) (*Deliverer, error) {
	if deps.Table == nil || deps.Conversations == nil {
		return nil, errors.New("inbound: DelivererDeps.Table and DelivererDeps.Conversations are required")
	}
	if deps.Now == nil {
		deps.Now = time.Now
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Deliverer{receipts: persistence.NewReceipts(deps.Table), conv: deps.Conversations,
		operators: deps.Operators, now: deps.Now, log: logger}, nil
}

var _ queue.Handler = (*Deliverer)(nil).Handle

// Handle is a queue.Handler: it hands the message msg announces to its
// conversation, or to the operator who sent it. An error leaves msg to the
// queue, which delivers it again.
func (d *Deliverer) Handle(ctx context.Context, msg queue.Message) error {
	turn, err := d.turn(ctx, msg)
	if err != nil || turn == nil {
		return err
	}
	if d.operators != nil {
		handled, err := d.operators.Route(ctx, *turn)
		if err != nil {
			return err
		}
		if handled {
			// A forward's commit completed the receipt already; a message
			// that was not forwarded (the operator was told why) is done too.
			return d.receipts.Complete(ctx, turn.MessageID, d.now())
		}
	}
	return d.conv.Deliver(ctx, *turn)
}

// turn is the message msg announces: the one it carries, or the one its
// receipt holds; nil when there is nothing left to answer.
func (d *Deliverer) turn(ctx context.Context, msg queue.Message) (*domain.InboundTurn, error) {
	if msg.Turn != nil {
		return msg.Turn, nil
	}
	r, err := d.receipts.Get(ctx, msg.MessageID)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		// Expired or cleared: retrying cannot help.
		d.log.Warn("queue message without a receipt; dropped", zap.String("message_id", msg.MessageID))
		return nil, nil
	case err != nil:
		return nil, err
	case r.CompletedAt != nil:
		return nil, nil // a committed turn answered it
	}
	return &r.InboundTurn, nil
}
