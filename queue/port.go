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

// ErrClosed reports a Send or Run on a queue that has been closed.
var ErrClosed = errors.New("queue: closed")
