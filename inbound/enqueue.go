package inbound

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/queue"
)

// Enqueuer is the queue as the Acceptor uses it: queue.Sender (in-process or
// SQS) satisfies it. Send returns once the queue has accepted msg; an error
// means it was not enqueued. It must be safe for concurrent use.
//
// When the Enqueuer is also a queue.Reserver (the in-process queue, bounded
// in memory), the Acceptor never calls Send: it takes room with TryReserve
// before it writes the receipt (room in the in-process queue's overflow
// included), and a queue without room leaves the message to its receipt and
// the recovery sweep (see "A full queue" in the package doc).
type Enqueuer interface {
	Send(ctx context.Context, msg domain.QueueMessage) error
}

// Metrics counts what the Acceptor decides; the runtime implements it.
type Metrics interface {
	// InboundDeferred counts a delivery acknowledged without enqueueing
	// its message because the queue had no room: the receipt keeps the
	// message and the recovery sweep enqueues it later.
	InboundDeferred()
	// InboundStale counts a message older than Config.MaxAge: acknowledged
	// and dropped.
	InboundStale()
}

// reserve takes room on the queue for one message, before its receipt is
// written. It is queue.ErrFull when a bounded queue has none (nothing is
// taken then). An unbounded queue (SQS) always has room: its reservation
// is its Send, given half the claim lease so that it ends while the claim
// is still this delivery's.
func (a *Acceptor) reserve(ctx context.Context) (queue.Reservation, error) {
	if a.reserver != nil {
		return a.reserver.TryReserve(ctx)
	}
	return unbounded{queue: a.queue, timeout: a.cfg.ClaimLease / 2}, nil
}

// unbounded is the reservation of a queue without a bound in memory.
type unbounded struct {
	queue   Enqueuer
	timeout time.Duration
}

func (u unbounded) Send(ctx context.Context, msg domain.QueueMessage) error {
	ctx, cancel := context.WithTimeout(ctx, u.timeout)
	defer cancel()
	return u.queue.Send(ctx, msg)
}

func (unbounded) Release() {}

// enqueue announces the message into the room reserve took. The phone's
// pending marker is the conversation's to keep, which keeps that
// read-modify-write off the sender's request.
func enqueue(ctx context.Context, room queue.Reservation, turn domain.InboundTurn) error {
	if err := room.Send(ctx, turn.QueueMessage()); err != nil {
		return fmt.Errorf("inbound: enqueue %s: %w", turn.MessageID, err)
	}
	return nil
}

// deferLogEvery spaces the warnings about a full queue: under a sustained
// overload every message is deferred, and the metric counts each one.
const deferLogEvery = 10 * time.Second

// deferrals counts the messages left to the recovery sweep, and logs them
// at a sampled rate.
type deferrals struct {
	metrics Metrics
	log     *zap.Logger
	total   atomic.Int64
	logged  atomic.Int64 // unix nanoseconds of the last warning
}

func (d *deferrals) add(messageID string, now time.Time) {
	n := d.total.Add(1)
	if d.metrics != nil {
		d.metrics.InboundDeferred()
	}
	last := d.logged.Load()
	if now.UnixNano()-last < int64(deferLogEvery) || !d.logged.CompareAndSwap(last, now.UnixNano()) {
		return
	}
	d.log.Warn("inbound queue full: messages recorded and left to the recovery sweep",
		zap.String("message_id", messageID), zap.Int64("deferred_since_start", n))
}
