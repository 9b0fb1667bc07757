package session

import (
	"github.com/asynkron/protoactor-go/actor"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// opRequest is an operator command waiting its turn. Commands run one at a
// time and never beside a customer turn, so a command and a turn never race
// for the snapshot.
type opRequest struct {
	cmd    *sessionpb.OperatorCommand
	sender *actor.PID
	// renotify marks the actor's own renotification, which runs like a
	// command (see handoff.go).
	renotify bool
}

// messageID is the platform message an operator command answers: set when
// an operator wrote on the platform itself, empty otherwise.
func (op *opRequest) messageID() string {
	if op == nil || op.cmd == nil {
		return ""
	}
	return op.cmd.GetMessageId()
}

// operate queues an operator command and starts it when nothing runs. A
// claim that takes the conversation from the bot stops the bot at once: the
// customer turn in flight is superseded (its answer logged, never sent), the
// claim runs first, and the turn reruns in HUMAN, where the bot is silent.
func (c *conversationActor) operate(ctx actor.Context, cmd *sessionpb.OperatorCommand, sender *actor.PID) {
	if t := c.inflight; t != nil && t.op == nil && cmd.GetAction() == sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM &&
		c.session != nil && conversation.TakeOver(*c.session) {
		t.superseded = true
	}
	c.ops = append(c.ops, opRequest{cmd: cmd, sender: sender})
	if c.inflight == nil {
		c.nextOp(ctx)
	}
}

// nextOp starts the oldest queued command, reading the session and its
// history first; it reports whether one started.
func (c *conversationActor) nextOp(ctx actor.Context) bool {
	for len(c.ops) > 0 {
		op := c.ops[0]
		c.ops = c.ops[1:]
		if c.session == nil || c.session.State == persistence.StateClosed {
			c.answerOp(ctx, op, refuse(conversation.RefusedNotFound, "this phone has no open conversation"))
			continue
		}
		if op.renotify && !c.session.Waiting() {
			continue // claimed or moved on meanwhile: nothing to renotify
		}
		c.seq++
		t := &turn{seq: c.seq, op: &op}
		c.begin(t)
		c.open(ctx, t, nil)
		return true
	}
	return false
}

// applyOp decides a command on the loaded session and commits it, or answers
// the refusal.
func (c *conversationActor) applyOp(ctx actor.Context, t *turn) {
	if t.op.renotify {
		outcome, message, due := c.decideRenotify(t.session)
		if !due {
			c.end()
			c.afterTurn(ctx)
			return
		}
		c.commitOp(ctx, t, outcome, message)
		return
	}
	outcome, message, refused := conversation.Operate(t.session, t.history, t.op.cmd, c.deps.Now())
	if refused != nil {
		c.end()
		c.answerOp(ctx, *t.op, refuse(refused.Code, refused.Message))
		c.afterTurn(ctx)
		return
	}
	c.commitOp(ctx, t, outcome, message)
}

// commitOp commits a decided command with the message it sends, if any.
func (c *conversationActor) commitOp(ctx actor.Context, t *turn, outcome conversation.Outcome, message *persistence.Message) {
	if message != nil {
		message.SessionID, message.PhoneNumber = t.session.SessionID, c.phone
		message.StateBefore, message.StateAfter = t.before, outcome.Session.State
		message.OutboxStatus = persistence.OutboxPending
		t.log = append(t.log, *message)
		t.reply = message
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
func (c *conversationActor) committedOp(ctx actor.Context, t *turn, s persistence.Session) {
	res := &sessionpb.OperatorResult{Ok: true, State: string(s.State), AssignedTo: string(s.AssignedTo)}
	if t.reply != nil {
		res.MessageId = t.reply.MessageID
	}
	c.answerOp(ctx, *t.op, res)
}
