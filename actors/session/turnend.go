package session

import (
	"errors"
	"slices"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// How a turn ends: its commit stored (the parts take what it wrote, the
// reply goes out, callers are answered), or not, and then its messages go
// back to the inbox to run again (superseded, a message already answered
// dropped, the table unreachable past the turn's deadline: commitretry.go).
// Either way the next turn may start.

func (c *conversationActor) onCommit(ctx actor.Context, res *commitResult) {
	c.orphan.Store(false)
	t := c.flight.current(res.seq)
	if t == nil {
		return
	}
	if errors.Is(res.err, persistence.ErrConflict) {
		c.answerChats(ctx, t.chats, nil, "", "the conversation changed elsewhere; retrying")
		if t.op != nil {
			c.answerOp(ctx, *t.op, refuse(conversation.RefusedFailed, "the conversation changed meanwhile; try again"))
		}
		panic(errStaleSnapshot)
	}
	if id, ok := persistence.IsConsumed(res.err); ok {
		c.dropConsumed(ctx, id)
		return
	}
	if res.err != nil {
		c.commitFailed(ctx, t, res.err)
		return
	}
	s := res.session
	c.stored.committed(s, t.commit.Messages, t.commit.intent)
	if t.commit.Reset {
		c.stored.reset()
	}
	c.inbox.committed(t.commit.marker)
	c.inbox.answered(t.turns)
	c.flight.superseded = nil
	c.flight.end()
	if r := t.reply; r != nil {
		c.waits.start(r, t.turns)
		if r.OutboxStatus == domain.OutboxSending { // begun by the commit
			c.replies.DeliverBegun(*r)
		} else {
			c.replies.Deliver(*r)
		}
	}
	for _, m := range t.followUps {
		c.replies.Deliver(m)
	}
	if t.op != nil {
		c.committedOp(ctx, t, s)
	} else {
		c.logTurn(t, s)
		if t.reply != nil {
			c.deps.Metrics.Turn("replied")
		} else {
			c.deps.Metrics.Turn("silent")
		}
	}
	c.answerChats(ctx, t.chats, &s, t.outcome.Reply, "", t.outcome.Options...)
	c.afterCommit(ctx, t, s)
	c.afterTurn(ctx)
}

// dropConsumed handles a commit refused because an earlier committed turn
// already answered message id (a redelivery that reached the conversation
// after its turn): the message leaves the turn, which runs again with the
// others, if any. Nothing was written, so nothing was sent.
func (c *conversationActor) dropConsumed(ctx actor.Context, id string) {
	c.log().Info("message already answered by a committed turn; dropped", zap.String("message_id", id))
	delete(c.inbox.routedAt, id)
	t := c.flight.turn
	t.turns = slices.DeleteFunc(slices.Clone(t.turns), func(m *sessionpb.InboundTurn) bool { return m.GetMessageId() == id })
	c.flight.end()
	if t.op != nil {
		c.answerOp(ctx, *t.op, refuse(conversation.RefusedDuplicate, "this message was already forwarded"))
		c.afterTurn(ctx)
		return
	}
	c.inbox.putBack(t.turns, t.chats)
	c.flight.flushAsked = len(c.inbox.buffer) > 0
	c.afterTurn(ctx)
}

// rerun puts a superseded turn's messages back in front of the buffer.
func (c *conversationActor) rerun(ctx actor.Context) {
	c.deps.Metrics.Turn("superseded")
	t := c.flight.turn
	c.flight.end()
	c.inbox.putBack(t.turns, t.chats)
	c.afterTurn(ctx)
}

// abort gives up a turn that could not reach the table; its messages stay
// buffered (they are in the persisted buffer too) and run again after a window.
// During an outage every conversation fails alike, so the line is written
// once per interval for all of them, with a count.
func (c *conversationActor) abort(ctx actor.Context, cause error) {
	c.deps.failures.Error(c.log(), "turn failed; its messages stay buffered", cause)
	c.deps.Metrics.Turn("failed")
	t := c.flight.turn
	c.flight.end()
	if t.op != nil {
		c.answerOp(ctx, *t.op, refuse(conversation.RefusedFailed, "the conversation could not be stored; try again"))
	}
	c.inbox.putBack(t.turns, nil)
	c.answerChats(ctx, t.chats, nil, "", "the conversation could not be stored; it will be retried")
	c.retryLater(ctx)
}

// afterTurn starts the next turn when one came due during this one; otherwise
// the debounce timer armed by the newer messages runs its course.
func (c *conversationActor) afterTurn(ctx actor.Context) {
	if c.nextOp(ctx) {
		return
	}
	if c.flight.flushAsked {
		c.flight.flushAsked = false
		c.flush(ctx)
		return
	}
	if c.inbox.cancelFlush == nil {
		c.retryLater(ctx)
	}
}

// retryLater flushes what is buffered after a debounce window.
func (c *conversationActor) retryLater(ctx actor.Context) {
	if len(c.inbox.buffer) > 0 {
		c.inbox.firstAt = c.deps.Now()
		c.armFlush(ctx, c.deps.Config.DebounceWindow)
	}
}

// answerChats answers the chat requests that waited for a turn with its reply
// (text and the options it offers, shown as the customer gets them: numbered
// when interactive messages are off), or with failure when the turn could
// not finish.
func (c *conversationActor) answerChats(ctx actor.Context, chats []*actor.PID, s *domain.Session, text, failure string, options ...string) {
	reply := &sessionpb.ChatReply{Reply: text, Error: failure, Options: options}
	if c.deps.Messaging.NumberedOptions {
		reply.Reply, reply.Options = domain.WithOptions(text, options), nil
	}
	if s != nil {
		reply.SessionId = s.SessionID
		reply.State = string(s.State)
		reply.CurrentAgent = string(s.CurrentAgent)
	}
	for _, pid := range chats {
		ctx.Send(pid, reply)
	}
}
