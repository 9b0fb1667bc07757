package queue

import (
	"context"
	"errors"
)

// Sender is the producer side, used by the webhook after it has written the
// receipt. Implementations are safe for concurrent use. Send returns once the
// queue has accepted the message; an error means it was not enqueued and the
// caller must not answer the platform as if it had been.
type Sender interface {
	Send(ctx context.Context, msg Message) error
}

// Reserver is a Sender whose room is bounded and held in memory
// (queue/inprocess), where Send waits while the queue is full. A producer
// that must never wait takes room first, then records the message where it
// must (the webhook's receipt), then sends into the room or gives it back. So
// a full queue costs it neither a wait nor a record it would have to undo.
// SQS has no such bound: its Send is the whole story.
type Reserver interface {
	Sender
	// TryReserve takes room for one message without waiting. It is ErrFull
	// when the queue is at capacity and ErrClosed once it is closed; nothing
	// is taken then.
	TryReserve(ctx context.Context) (Reservation, error)
}

// Reservation is room for one message, taken from a Reserver. Send or
// Release ends it; Release after a successful Send does nothing, so a
// deferred Release is always safe. A Reservation is not for concurrent use.
type Reservation interface {
	// Send enqueues msg into the room without waiting. An error (a malformed
	// message, a closed queue, a second Send) enqueues nothing and leaves
	// the room taken until Release.
	Send(ctx context.Context, msg Message) error
	// Release gives the room back if no Send used it.
	Release()
}

// Handler processes one queue message: in Intake it hands an inbound turn to
// the conversation of msg.PhoneNumber. A non-nil error marks the item failed so
// the queue delivers it again later; handlers must therefore be idempotent per
// msg.MessageID.
type Handler func(ctx context.Context, msg Message) error

// Consumer is the consumer side, started by the runtime. Run delivers messages
// to handle until ctx is done (or the implementation is closed), then returns
// nil after its goroutines have stopped; it returns an error only when it
// cannot start. Run must not be called again while it is running.
type Consumer interface {
	Run(ctx context.Context, handle Handler) error
}

var (
	// ErrClosed reports a Send, TryReserve or Run on a queue that has been
	// closed.
	ErrClosed = errors.New("queue: closed")
	// ErrFull reports room refused without waiting because a bounded queue
	// is at capacity (Reserver.TryReserve).
	ErrFull = errors.New("queue: full")
)
