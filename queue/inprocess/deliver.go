package inprocess

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/queue"
)

// deliver hands one message to handle, as it was sent (the turn it carries
// included, which an encoded body would lose), and then finishes it
// (success, or drop after the last attempt) or schedules its redelivery.
func (q *Queue) deliver(ctx context.Context, env envelope, handle queue.Handler) {
	if ctx.Err() != nil {
		// Stopping: keep the message, in its place, for the next Run.
		env.lane.pushFront(env)
		return
	}
	err := handle(ctx, env.msg)
	if err == nil {
		q.finish()
		return
	}
	if ctx.Err() != nil {
		// Stopped during the handler: keep the message without counting an
		// attempt the handler may never have had.
		env.lane.pushFront(env)
		return
	}
	env.attempts++
	fields := []zap.Field{
		zap.String("queue_message_id", env.id),
		zap.String("message_id", env.msg.MessageID),
		zap.Int("attempts", env.attempts),
		zap.Error(err),
	}
	if env.attempts >= q.cfg.MaxAttempts {
		q.log.Error("queue message dropped after its last attempt; its receipt still holds it", fields...)
		q.finish()
		return
	}
	delay := q.cfg.backoff(env.attempts)
	q.log.Warn("queue message failed; will retry", append(fields, zap.Duration("retry_in", delay))...)
	q.retryLater(env, delay)
}

// finish frees the slot of a message that left the queue for good, or of a
// reservation released unused: the oldest message of the overflow takes it,
// else it is free.
func (q *Queue) finish() {
	q.admit.Lock()
	defer q.admit.Unlock()
	if msg, ok := q.over.pop(); ok {
		q.put(msg)
		return
	}
	<-q.slots
}

// retryLater puts env back at the end of its lane after delay. The timer is
// tracked so Close can cancel it; a closed queue schedules nothing.
func (q *Queue) retryLater(env envelope, delay time.Duration) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return
	}
	var t *time.Timer
	t = time.AfterFunc(delay, func() {
		q.mu.Lock()
		delete(q.retries, t)
		q.mu.Unlock()
		env.lane.push(env)
	})
	q.retries[t] = struct{}{}
}
