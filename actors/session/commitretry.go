package session

import (
	"math/rand/v2"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/intake-runtime/intake/domain"
)

// A customer turn whose commit the table could not take (unreachable,
// throttled, timed out: anything but a conflict or a message already
// answered, which onCommit handles first) keeps its model answer and its
// built commit and sends that same commit again, with backoff and jitter,
// until the turn's deadline (deadline.go). Asking the model again would buy
// nothing: the answer is as good after the outage as during it, and an
// outage of a minute would otherwise cost every buffered conversation a
// model call per debounce window. The model is asked again only when the
// customer wrote meanwhile: the turn is then rebuilt with the new messages,
// as a superseded answer is. Past the deadline the turn is given up as
// before (abort): its messages stay accepted in their receipts.
//
// A retry cannot write the turn twice: the commit is the same transaction,
// conditional on the session version it was built on and on its messages'
// receipts not being completed. When an attempt was applied but its answer
// was lost, the next one is refused as a conflict and the conversation
// reloads what the table holds, its reply included, which it sends once.

// commitRetryFirst and commitRetryMax bound the wait before a commit is sent
// again: it doubles from the first to the most.
const (
	commitRetryFirst = 200 * time.Millisecond
	commitRetryMax   = 5 * time.Second
)

// commitRetryDue fires the retry of turn seq's commit.
type commitRetryDue struct{ seq uint64 }

// logCommitFailing is the line of a failed commit, written once per
// interval for every conversation together (Deps.failures).
const logCommitFailing = "table commit failing"

// commitFailed decides what becomes of turn t, whose commit failed with
// cause: retried after a backoff, rebuilt when newer messages superseded it,
// or given up.
func (c *conversationActor) commitFailed(ctx actor.Context, t *turn, cause error) {
	c.deps.failures.Error(c.log(), logCommitFailing, cause)
	switch {
	case t.op != nil:
		// The operator waits for the answer and tries again themself.
		c.abort(ctx, cause)
	case t.superseded:
		c.rebuild(ctx, t)
	case c.pastDeadline(t):
		c.abort(ctx, cause)
	default:
		delay := min(commitBackoff(t.commitAttempts), time.Until(c.turnDeadline(t)))
		t.commitAttempts++
		t.retryCommit = c.timers.SendOnce(max(delay, 0), ctx.Self(), &result{of: c, msg: &commitRetryDue{seq: t.seq}})
	}
}

// commitBackoff is the wait before retry attempt (from 0): exponential,
// capped, with half of it random, so conversations that failed together do
// not retry together.
func commitBackoff(attempt int) time.Duration {
	d := commitRetryMax
	if attempt < 8 {
		d = min(commitRetryFirst<<attempt, commitRetryMax)
	}
	return d/2 + rand.N(d/2+1)
}

// onCommitRetryDue sends turn seq's commit again, unchanged.
func (c *conversationActor) onCommitRetryDue(msg *commitRetryDue) {
	t := c.flight.current(msg.seq)
	if t == nil || t.retryCommit == nil {
		return
	}
	t.retryCommit = nil
	c.commitOnTable(t.seq, t.commit.Commit)
}

// supersedeWaiting rebuilds the running turn when it waits to retry its
// commit and the customer just wrote: the answer it holds no longer answers
// everything they said. A commit on the table is left to finish; its
// failure rebuilds the turn then (commitFailed).
func (c *conversationActor) supersedeWaiting(ctx actor.Context) {
	t := c.flight.turn
	if t == nil || t.retryCommit == nil {
		return
	}
	t.retryCommit()
	t.retryCommit = nil
	c.rebuild(ctx, t)
}

// rebuild drops a turn whose commit was not stored and runs its messages
// again with the newer ones; its answer is committed as superseded, never
// sent, with the next commit.
func (c *conversationActor) rebuild(ctx actor.Context, t *turn) {
	if n := len(t.log); n > 0 {
		m := t.log[n-1]
		m.Error = domain.ErrorSuperseded
		c.flight.carry(m)
	}
	c.rerun(ctx)
}
