package messaging

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
)

// Deliver asks a conversation's messaging child to send a committed reply:
// an outbox entry, a message log item that its turn committed as pending.
// The child alone moves the entry on, so a reply leaves only once and only
// from the committed log.
type Deliver struct {
	Entry persistence.Message
}

// Sent is the messaging child's report of one reply, sent to its parent once
// the reply's result is recorded: sent, or failed for good.
type Sent struct {
	Entry    persistence.Message
	Response persistence.StubResponse
	// Uncertain is set when the reply was sent again because an earlier
	// call's outcome is unknown: the customer may have it twice.
	Uncertain bool
}

// MarkRead asks the messaging child to mark an inbound message as read and
// show the typing indicator: a reply is on its way. Nothing is reported back.
type MarkRead struct{ MessageID string }

// Outbox is where the messaging child records each step of a reply's send;
// *persistence.Outbox implements it over the table.
type Outbox interface {
	// Begin records that a call starts; uncertain when an earlier call left
	// no result; persistence.ErrOutboxDone when the reply has a result.
	Begin(ctx context.Context, m persistence.Message) (uncertain bool, err error)
	Sent(ctx context.Context, m persistence.Message, providerMessageID string) error
	// Retry makes the reply pending again; uncertain counts the coming call
	// as a possible duplicate.
	Retry(ctx context.Context, m persistence.Message, detail string, uncertain bool) error
	Failed(ctx context.Context, m persistence.Message, detail string) error
}

// Retry paces the attempts of a reply that failed transiently (rate limits,
// 5xx, timeouts) and of a result the table could not record yet.
type Retry struct {
	// Attempts is how many calls a reply gets before it is failed for good.
	Attempts int
	// Base is the wait after the first failure; each next one doubles, up to Max.
	Base, Max time.Duration
}

// DefaultRetry gives a reply about four minutes of attempts: long enough to
// ride out a platform rate limit or a short outage.
var DefaultRetry = Retry{Attempts: 8, Base: 2 * time.Second, Max: 2 * time.Minute}

func (r Retry) delay(failures int) time.Duration {
	d := r.Base
	for i := 1; i < failures && d < r.Max; i++ {
		d *= 2
	}
	return min(d, r.Max)
}

// ChildDeps is what a conversation's messaging child works with.
type ChildDeps struct {
	Sender Sender
	Outbox Outbox
	Logger *zap.Logger
	// Retry is DefaultRetry when zero.
	Retry Retry
}

// sendTimeout bounds one send including pacing waits, and one table write.
const sendTimeout = time.Minute

// Props returns the props of a conversation's messaging child. It sends one
// reply at a time, in commit order, so a conversation's replies reach the
// platform in order, and it never blocks the session actor: pacing waits and
// retry backoff happen here.
func Props(d ChildDeps) *actor.Props {
	if d.Retry == (Retry{}) {
		d.Retry = DefaultRetry
	}
	if d.Logger == nil {
		d.Logger = zap.NewNop()
	}
	return actor.PropsFromProducer(func() actor.Actor { return &child{deps: d} })
}

// child is the messaging actor of one conversation. Its queue holds the
// replies to send, oldest first; the head is the one being worked on.
type child struct {
	deps   ChildDeps
	queue  []*outgoing
	timers *scheduler.TimerScheduler
	// waiting is set while a retry timer is armed: nothing moves until it fires.
	waiting bool
}

// outgoing is one reply on its way, with what its last call came to while that
// result is not recorded yet.
type outgoing struct {
	msg       persistence.Message
	failures  int  // transient failures of calls or table writes so far
	uncertain bool // some call for it had an unknown outcome
	result    *persistence.StubResponse
}

// retryDue fires the retry timer.
type retryDue struct{}

func (c *child) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *actor.Started:
		c.timers = scheduler.NewTimerScheduler(ctx)
	case *Deliver:
		c.queue = append(c.queue, &outgoing{msg: msg.Entry})
		if !c.waiting {
			c.work(ctx)
		}
	case *retryDue:
		c.waiting = false
		c.work(ctx)
	case *MarkRead:
		call, cancel := context.WithTimeout(context.Background(), sendTimeout)
		defer cancel()
		if _, err := c.deps.Sender.MarkRead(call, msg.MessageID); err != nil {
			c.deps.Logger.Debug("mark-read not sent", zap.Error(err))
		}
	}
}

// work sends the queued replies in order until the queue is empty or the
// head must wait for a retry.
func (c *child) work(ctx actor.Context) {
	for len(c.queue) > 0 {
		head := c.queue[0]
		if !c.step(head) {
			c.waiting = true
			c.timers.SendOnce(c.deps.Retry.delay(head.failures), ctx.Self(), &retryDue{})
			return
		}
		c.queue[0] = nil // the backing array must not keep a sent reply alive
		c.queue = c.queue[1:]
		if head.result != nil {
			ctx.Send(ctx.Parent(), &Sent{Entry: head.msg, Response: *head.result, Uncertain: head.uncertain})
		}
	}
}

// step moves the head reply on by one call and records where it stands. It
// reports whether the reply is done (sent, failed, or found done already);
// false means wait and step again.
func (c *child) step(e *outgoing) bool {
	call, cancel := context.WithTimeout(context.Background(), sendTimeout)
	defer cancel()
	if e.result == nil {
		uncertain, err := c.deps.Outbox.Begin(call, e.msg)
		switch {
		case errors.Is(err, persistence.ErrOutboxDone):
			return true
		case err != nil:
			// Without the record a crash could not tell "never tried" from
			// "under way": no call is made before it.
			c.deps.Logger.Warn("reply not started: the outbox could not be written", zap.String("message_id", e.msg.MessageID), zap.Error(err))
			e.failures++
			return false
		}
		e.uncertain = e.uncertain || uncertain
		res, err := c.deps.Sender.Send(call, e.msg.PhoneNumber, e.msg.Content)
		if err != nil {
			c.deps.Logger.Warn("reply not sent", zap.String("message_id", e.msg.MessageID), zap.Error(err))
		}
		e.result = &res
	}
	return c.record(call, e)
}

// record writes the last call's result on the entry. A transient failure with
// attempts left makes the reply pending again; false means wait (for that
// retry, or for the table to take the record).
func (c *child) record(ctx context.Context, e *outgoing) bool {
	res := *e.result
	retry := false
	var err error
	switch {
	case res.Success:
		err = c.deps.Outbox.Sent(ctx, e.msg, string(res.MockID))
	case res.ErrorKind == persistence.ErrorKindPermanent:
		err = c.deps.Outbox.Failed(ctx, e.msg, res.Detail)
	case e.failures+1 < c.deps.Retry.Attempts:
		retry = true
		err = c.deps.Outbox.Retry(ctx, e.msg, res.Detail, res.ErrorKind == persistence.ErrorKindUncertain)
	default:
		err = c.deps.Outbox.Failed(ctx, e.msg, fmt.Sprintf("gave up after %d attempts: %s", c.deps.Retry.Attempts, res.Detail))
	}
	if err != nil {
		c.deps.Logger.Warn("reply result not recorded yet", zap.String("message_id", e.msg.MessageID), zap.Error(err))
		e.failures++
		return false
	}
	if retry {
		e.uncertain = e.uncertain || res.ErrorKind == persistence.ErrorKindUncertain
		e.failures++
		e.result = nil
		return false
	}
	return true
}
