package session

import (
	"context"
	"time"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/domain"
)

// A conversation never blocks its mailbox on I/O. Table calls run on its
// table lane, one at a time and in order, so a commit never overtakes the
// begin before it; the model call runs on a goroutine of its own (a turn
// makes one at a time); replies go through messaging.Replies. Each result
// comes back to the mailbox as a message. None of them holds a goroutine
// while there is nothing to do, which keeps a live conversation small.

// result carries the outcome of a conversation's work back to its mailbox.
// of names the activation that started the work: a restarted actor (a new
// activation on the same PID) ignores what its predecessor started.
type result struct {
	of  *conversationActor
	msg any
}

func (c *conversationActor) post(msg any) {
	c.root.Send(c.self, &result{of: c, msg: msg})
}

// Results of the conversation's work.
type (
	loadResult struct {
		loaded Loaded
		err    error
	}
	// beginResult's and loadResult's histories are as remember keeps them.
	beginResult struct {
		seq     uint64
		session domain.Session
		history []domain.Message
		isNew   bool // Begun.New
		err     error
	}
	commitResult struct {
		seq     uint64
		session domain.Session
		err     error
	}
	// resetResult ends a reset that had no session to close.
	resetResult struct {
		seq uint64
		err error
	}
	// answer is one model call's outcome; seq tells the answer of the
	// current turn from a late one.
	answer struct {
		seq    uint64
		result agent.LLMCallResult
		err    error
	}
)

// storeTimeout bounds one table call, so a hung table cannot wedge a
// conversation forever.
const storeTimeout = 30 * time.Second

// onTable runs call on the table lane with a bounded context and posts what
// it returns.
func (c *conversationActor) onTable(call func(ctx context.Context) any) {
	c.tables.Go(func() {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		c.post(call(ctx))
	})
}

// load reads what the conversation starts from.
func (c *conversationActor) load() {
	c.onTable(func(ctx context.Context) any {
		loaded, err := c.deps.Store.Load(ctx, c.phone)
		loaded.History = remember(loaded.History, nil)
		return &loadResult{loaded: loaded, err: err}
	})
}

// beginOnTable reads or creates the session turn seq runs in.
func (c *conversationActor) beginOnTable(seq uint64, prior Prior, fresh func(*domain.Session) domain.Session) {
	c.onTable(func(ctx context.Context) any {
		begun, err := c.deps.Store.Begin(ctx, c.phone, prior, fresh)
		return &beginResult{seq: seq, session: begun.Session, history: remember(begun.History, nil), isNew: begun.New, err: err}
	})
}

// commitOnTable writes what turn seq produced, in one transaction.
func (c *conversationActor) commitOnTable(seq uint64, commit Commit) {
	c.onTable(func(ctx context.Context) any {
		session, err := c.deps.Store.Commit(ctx, commit)
		if err == nil {
			c.orphan.Store(true) // until onCommit takes the result
		}
		return &commitResult{seq: seq, session: session, err: err}
	})
}

// resetOnTable points the phone at no session (Store.Reset), for the reset
// of turn seq.
func (c *conversationActor) resetOnTable(seq uint64) {
	c.onTable(func(ctx context.Context) any {
		return &resetResult{seq: seq, err: c.deps.Store.Reset(ctx, c.phone)}
	})
}

// callModel asks the model for turn seq's answer, giving up at deadline (see
// deadline.go), so a hung provider cannot hold a conversation.
func (c *conversationActor) callModel(seq uint64, req agent.Request, deadline time.Time) {
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	c.flight.cancelCall = cancel
	go func() {
		defer cancel()
		res, err := c.deps.Model.Call(ctx, req)
		c.post(&answer{seq: seq, result: res, err: err})
	}()
}

// stopWork ends the conversation's work when it stops or restarts: the model
// call is cancelled (it writes nothing), and the table call and the send
// under way are waited for, so the next activation, which reloads from the
// table, never runs beside them.
func (c *conversationActor) stopWork() {
	c.flight.cancel()
	c.tables.Close()
	if c.replies != nil {
		c.replies.Close()
	}
}
