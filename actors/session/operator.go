package session

import (
	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// operate queues an operator command and starts it when nothing runs. A
// claim that takes the conversation from the bot stops the bot at once: the
// customer turn in flight is superseded (its answer logged, never sent), the
// claim runs first, and the turn reruns in HUMAN, where the bot is silent.
// A reset stops it the same way, its model call cancelled too, and the turn
// reruns in the new session the reset leaves room for.
func (c *conversationActor) operate(ctx actor.Context, cmd *sessionpb.OperatorCommand, sender *actor.PID) {
	if t := c.flight.turn; t != nil && t.op == nil {
		switch cmd.GetAction() {
		case sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM:
			if s := c.stored.session; s != nil && conversation.TakeOver(*s) {
				c.flight.supersede()
			}
		case sessionpb.OperatorAction_OPERATOR_ACTION_RESET:
			c.flight.supersede()
			c.flight.cancel()
		}
	}
	c.ops.push(opRequest{cmd: cmd, sender: sender})
	if c.flight.turn == nil {
		c.nextOp(ctx)
	}
}

// nextOp starts the oldest queued command, reading the session and its
// history first; it reports whether one started.
func (c *conversationActor) nextOp(ctx actor.Context) bool {
	for {
		op, ok := c.ops.pop()
		if !ok {
			return false
		}
		reset := op.action() == sessionpb.OperatorAction_OPERATOR_ACTION_RESET
		switch {
		case !c.stored.isOpen() && reset:
			// Nothing to close: the reset only points the phone at no session.
			t := c.flight.begin(&turn{op: &op})
			c.resetOnTable(t.seq)
			return true
		case !c.stored.isOpen():
			c.answerOp(ctx, op, refuse(conversation.RefusedNotFound, "this phone has no open conversation"))
			continue
		case op.renotify && !c.stored.session.Waiting():
			continue // claimed or moved on meanwhile: nothing to renotify
		}
		t := c.flight.begin(&turn{op: &op})
		c.open(ctx, t, nil)
		return true
	}
}

// onReset ends a reset that had no session to close.
func (c *conversationActor) onReset(ctx actor.Context, res *resetResult) {
	t := c.flight.current(res.seq)
	if t == nil {
		return
	}
	c.flight.end()
	if res.err != nil {
		c.log().Error("reset failed", zap.Error(res.err))
		c.answerOp(ctx, *t.op, refuse(conversation.RefusedFailed, "the conversation could not be reset; try again"))
	} else {
		c.stored.reset()
		c.answerOp(ctx, *t.op, &sessionpb.OperatorResult{Ok: true})
	}
	c.afterTurn(ctx)
}

// applyOp decides a command on the loaded session and commits it, or answers
// the refusal.
func (c *conversationActor) applyOp(ctx actor.Context, t *turn) {
	if t.op.assignTo != "" || t.op.lapse {
		outcome, due := c.decideAssignment(t)
		if !due {
			c.flight.end()
			c.afterTurn(ctx)
			return
		}
		c.commitOp(ctx, t, outcome, nil)
		return
	}
	if t.op.renotify {
		outcome, message, due := c.decideRenotify(t.session)
		if !due {
			c.flight.end()
			c.afterTurn(ctx)
			return
		}
		c.commitOp(ctx, t, outcome, message)
		return
	}
	outcome, message, refused := conversation.Operate(t.session, t.history, t.op.cmd, c.deps.Now())
	if refused != nil {
		c.flight.end()
		c.answerOp(ctx, *t.op, refuse(refused.Code, refused.Message))
		c.afterTurn(ctx)
		return
	}
	takeUp(&outcome.Session, t.op.cmd)
	if t.op.cmd.GetAction() == sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE {
		// The customer hears the business's farewell, and the satisfaction
		// question when it is asked, in the close's own commit: each sent
		// once through the outbox, also across a crash.
		var closing []*domain.Message
		outcome.Session, closing = c.deps.Engine.Closing(outcome.Session, t.history, c.deps.Now())
		c.commitOp(ctx, t, outcome, closing...)
		return
	}
	c.commitOp(ctx, t, outcome, message)
}

// commitOp commits a decided command with the messages it sends, if any,
// in the order given: the first is the command's reply, the others follow
// it out of the outbox.
func (c *conversationActor) commitOp(ctx actor.Context, t *turn, outcome conversation.Outcome, messages ...*domain.Message) {
	for _, message := range messages {
		if message == nil {
			continue
		}
		message.SessionID, message.PhoneNumber = t.session.SessionID, c.phone
		message.StateBefore, message.StateAfter = t.before, outcome.Session.State
		message.OutboxStatus, message.ReplyTo = domain.OutboxPending, outcome.Session.ReplyTo
		t.log = append(t.log, *message)
		if t.reply == nil {
			t.reply = message
		} else {
			t.followUps = append(t.followUps, *message)
		}
	}
	c.finish(ctx, outcome)
}

// refuse is the answer to a refused command.
func refuse(code conversation.Refusal, message string) *sessionpb.OperatorResult {
	return &sessionpb.OperatorResult{Code: string(code), Message: message}
}

// answerOp answers the operator who sent op.
func (c *conversationActor) answerOp(ctx actor.Context, op opRequest, res *sessionpb.OperatorResult) {
	if op.sender != nil {
		ctx.Send(op.sender, res)
	}
}

// committedOp answers a command whose outcome is stored.
func (c *conversationActor) committedOp(ctx actor.Context, t *turn, s domain.Session) {
	res := &sessionpb.OperatorResult{Ok: true, State: string(s.State), AssignedTo: string(s.AssignedTo), Labels: s.Labels}
	if t.reply != nil {
		res.MessageId = t.reply.MessageID
		if since, first := firstOperatorReply(t.history, s, *t.reply); first {
			c.deps.Metrics.OperatorReplied(since, t.reply.Timestamp)
		}
	}
	if t.commit.Reset {
		res.ClosedSessionId = s.SessionID
	}
	c.answerOp(ctx, *t.op, res)
}
