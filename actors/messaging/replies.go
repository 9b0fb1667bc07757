package messaging

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/ratelog"
	"github.com/intake-runtime/intake/internal/serial"
	"github.com/intake-runtime/intake/persistence"
)

// Sent is the report of one reply, once its result is recorded: sent, or
// failed for good.
type Sent struct {
	Entry    domain.Message
	Response domain.AdapterResult
	// Uncertain is set when the reply was sent again because an earlier
	// call's outcome is unknown: the customer may have it twice.
	Uncertain bool
}

// Outbox is where Replies record each step of a reply's send;
// *persistence.Outbox implements it over the table.
type Outbox interface {
	// Begin records that a call starts; uncertain when an earlier call left
	// no result; persistence.ErrOutboxDone when the reply has a result.
	Begin(ctx context.Context, m domain.Message) (uncertain bool, err error)
	Sent(ctx context.Context, m domain.Message, providerMessageID string) error
	// Retry makes the reply pending again; uncertain counts the coming call
	// as a possible duplicate.
	Retry(ctx context.Context, m domain.Message, detail string, uncertain bool) error
	Failed(ctx context.Context, m domain.Message, detail string) error
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

// RepliesDeps is what a conversation's Replies work with.
type RepliesDeps struct {
	Sender Sender
	Outbox Outbox
	Logger *zap.Logger
	// Failures writes the failures every conversation's replies meet alike
	// when the table is down once per interval, with a count, instead of
	// once per attempt; nil writes each.
	Failures *ratelog.Limiter
	// Retry is DefaultRetry when zero.
	Retry Retry
	// NumberedOptions sends every reply's options as numbered lines, never
	// as buttons or a list (MESSAGING_INTERACTIVE=false).
	NumberedOptions bool
}

// sendTimeout bounds one send including pacing waits, and one table write.
const sendTimeout = time.Minute

// Replies sends the committed replies of one conversation, one at a time in
// commit order, so they reach the platform in order; pacing waits and retry
// backoff happen on its own lane, never in the session actor. Past the
// commit that writes it, only Replies moves an outbox entry on, so a reply
// leaves once and only from the committed log. It is safe for concurrent use.
type Replies struct {
	deps   RepliesDeps
	report func(Sent)
	lane   serial.Lane

	mu    sync.Mutex
	queue []*outgoing // oldest first; the head is the one worked on
	// retry is armed while the head waits to be tried again: nothing moves
	// until it fires.
	retry  *time.Timer
	closed bool
}

// NewReplies returns the Replies of a conversation; report receives each
// reply's Sent, from the Replies' own goroutine.
func NewReplies(d RepliesDeps, report func(Sent)) *Replies {
	if d.Retry == (Retry{}) {
		d.Retry = DefaultRetry
	}
	if d.Logger == nil {
		d.Logger = zap.NewNop()
	}
	return &Replies{deps: d, report: report}
}

// Deliver queues a committed reply (an outbox entry: a log item its turn
// committed as pending, or one an earlier activation left unfinished) after
// the ones delivered before.
func (r *Replies) Deliver(entry domain.Message) { r.enqueue(&outgoing{msg: entry}) }

// Idle reports whether no reply is queued: a reply committed now is sent at
// once, so its commit may record its first call as begun
// (domain.Message.Begun) and DeliverBegun it.
func (r *Replies) Idle() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.queue) == 0
}

// DeliverBegun queues a reply whose commit recorded its first call as begun
// (domain.Message.Begun): that call is made without the outbox write
// Deliver's replies need first, one table write less per reply.
func (r *Replies) DeliverBegun(entry domain.Message) {
	r.enqueue(&outgoing{msg: entry, begun: true})
}

func (r *Replies) enqueue(e *outgoing) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	r.queue = append(r.queue, e)
	if r.retry == nil {
		r.lane.Go(r.work)
	}
}

// MarkRead marks an inbound message as read and shows the typing indicator,
// ahead of the replies delivered after it. Nothing is reported back.
func (r *Replies) MarkRead(messageID string) {
	r.lane.Go(func() {
		call, cancel := context.WithTimeout(context.Background(), sendTimeout)
		defer cancel()
		if _, err := r.deps.Sender.MarkRead(call, messageID); err != nil {
			r.deps.Logger.Debug("mark-read not sent", zap.Error(err))
		}
	})
}

// Close drops the replies not sent yet and waits for the call under way, so
// the conversation's next activation, which delivers its unfinished replies
// again, never sends beside this one.
func (r *Replies) Close() {
	r.mu.Lock()
	r.closed, r.queue = true, nil
	if r.retry != nil {
		r.retry.Stop()
	}
	r.mu.Unlock()
	r.lane.Close()
}

// outgoing is one reply on its way, with what its last call came to while that
// result is not recorded yet.
type outgoing struct {
	msg       domain.Message
	failures  int  // transient failures of calls or table writes so far
	uncertain bool // some call for it had an unknown outcome
	// begun: the table already records the next call as under way (the
	// commit did, for the first one).
	begun  bool
	result *domain.AdapterResult
	// numbered: the platform refused the reply's buttons or list, so its
	// options go as numbered text from now on.
	numbered bool
	// now: step again at once, not after a retry's wait.
	now bool
}

// work sends the queued replies in order until the queue is empty or the
// head must wait for a retry.
func (r *Replies) work() {
	for {
		r.mu.Lock()
		if len(r.queue) == 0 || r.retry != nil || r.closed {
			r.mu.Unlock()
			return
		}
		head := r.queue[0]
		r.mu.Unlock()
		if !r.step(head) {
			if head.now {
				head.now = false
				continue
			}
			r.waitToRetry(r.deps.Retry.delay(head.failures))
			return
		}
		r.mu.Lock()
		if len(r.queue) > 0 && r.queue[0] == head {
			r.queue[0] = nil // the backing array must not keep a sent reply alive
			r.queue = r.queue[1:]
		}
		r.mu.Unlock()
		if head.result != nil {
			r.report(Sent{Entry: head.msg, Response: *head.result, Uncertain: head.uncertain})
		}
	}
}

// waitToRetry holds the queue for delay, then works it again.
func (r *Replies) waitToRetry(delay time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	r.retry = time.AfterFunc(delay, func() {
		r.mu.Lock()
		r.retry = nil
		r.mu.Unlock()
		r.lane.Go(r.work)
	})
}

// step moves the head reply on by one call and records where it stands. It
// reports whether the reply is done (sent, failed, or found done already);
// false means wait and step again.
func (r *Replies) step(e *outgoing) bool {
	call, cancel := context.WithTimeout(context.Background(), sendTimeout)
	defer cancel()
	if e.result == nil {
		if start, done := r.begin(call, e); !start {
			return done
		}
		res, err := Deliver(call, r.deps.Sender, e.msg, r.interactive(e))
		if err != nil {
			r.deps.Failures.Warn(r.deps.Logger, "reply not sent", err, zap.String("message_id", e.msg.MessageID))
		}
		e.result = &res
	}
	return r.record(call, e)
}

// begin records that the head's next call starts, unless its commit did. It
// reports whether the call may be made and, when not, whether the reply is
// done already (false: wait and step again).
func (r *Replies) begin(ctx context.Context, e *outgoing) (start, done bool) {
	if e.begun {
		e.begun = false
		return true, false
	}
	uncertain, err := r.deps.Outbox.Begin(ctx, e.msg)
	switch {
	case errors.Is(err, persistence.ErrOutboxDone):
		return false, true
	case err != nil:
		// Without the record a crash could not tell "never tried" from
		// "under way": no call is made before it.
		r.deps.Failures.Warn(r.deps.Logger, "reply not started: the outbox could not be written", err, zap.String("message_id", e.msg.MessageID))
		e.failures++
		return false, false
	}
	e.uncertain = e.uncertain || uncertain
	return true, false
}

// interactive reports whether e's next call sends its options as buttons or
// a list.
func (r *Replies) interactive(e *outgoing) bool {
	_, ok := interactiveSender(r.deps.Sender, e.msg, !r.deps.NumberedOptions && !e.numbered)
	return ok
}

// record writes the last call's result on the entry. A transient failure with
// attempts left makes the reply pending again; false means wait (for that
// retry, or for the table to take the record).
func (r *Replies) record(ctx context.Context, e *outgoing) bool {
	res := *e.result
	retry := false
	var err error
	fallback := false
	switch {
	case res.Success:
		err = r.deps.Outbox.Sent(ctx, e.msg, string(res.MockID))
	case res.ErrorKind == domain.ErrorKindPermanent && r.interactive(e):
		// The platform refused the buttons or list (a title or body it
		// will not take): the same entry is sent again at once, its options
		// numbered, so the customer still gets one reply.
		fallback = true
		err = r.deps.Outbox.Retry(ctx, e.msg, "interactive message refused, sending numbered text: "+res.Detail, false)
	case res.ErrorKind == domain.ErrorKindPermanent:
		err = r.deps.Outbox.Failed(ctx, e.msg, res.Detail)
	case e.failures+1 < r.deps.Retry.Attempts:
		retry = true
		err = r.deps.Outbox.Retry(ctx, e.msg, res.Detail, res.ErrorKind == domain.ErrorKindUncertain)
	default:
		err = r.deps.Outbox.Failed(ctx, e.msg, fmt.Sprintf("gave up after %d attempts: %s", r.deps.Retry.Attempts, res.Detail))
	}
	if err != nil {
		r.deps.Failures.Warn(r.deps.Logger, "reply result not recorded yet", err, zap.String("message_id", e.msg.MessageID))
		e.failures++
		return false
	}
	if fallback {
		e.numbered, e.now, e.result = true, true, nil
		return false
	}
	if retry {
		e.uncertain = e.uncertain || res.ErrorKind == domain.ErrorKindUncertain
		e.failures++
		e.result = nil
		return false
	}
	return true
}
