package session

import (
	"strings"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/google/uuid"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// CustomerServiceWindow is how long after the customer's last message free
// text may be sent to them: the messaging platform refuses it afterwards.
const CustomerServiceWindow = 24 * time.Hour

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

// operate queues an operator command and starts it when nothing runs.
func (c *conversationActor) operate(ctx actor.Context, cmd *sessionpb.OperatorCommand, sender *actor.PID) {
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
			c.answerOp(ctx, op, refuse("not_found", "this phone has no open conversation"))
			continue
		}
		if op.renotify && c.session.State != persistence.StateHandoff {
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
	refusal, outcome, message := decideOp(t.session, t.history, t.op.cmd, c.deps.Now())
	if refusal != nil {
		c.end()
		c.answerOp(ctx, *t.op, refusal)
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

// decideOp is the rule of each operator action: who may do it, in which state,
// and what it changes. It returns a refusal, or the outcome to commit and the
// operator's message to log and send.
func decideOp(s persistence.Session, history []persistence.Message, cmd *sessionpb.OperatorCommand, now time.Time) (*sessionpb.OperatorResult, conversation.Outcome, *persistence.Message) {
	operator := cmd.GetOperatorPhone()
	held := string(s.AssignedTo)
	if cmd.GetSessionId() != s.SessionID {
		return refuse("stale_session", "the conversation moved on to another session; reload it"), conversation.Outcome{}, nil
	}
	next := s
	switch cmd.GetAction() {
	case sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM:
		switch {
		case held == operator && s.State == persistence.StateHuman:
			return nil, conversation.Outcome{Session: next}, nil
		case held != "":
			return refuse("already_claimed", "another operator took this conversation first"), conversation.Outcome{}, nil
		case s.State != persistence.StateHandoff && s.State != persistence.StateHuman:
			return refuse("invalid_state", "only conversations waiting for a person can be claimed"), conversation.Outcome{}, nil
		}
		next.AssignedTo, next.State = persistence.NullString(operator), persistence.StateHuman
		return nil, conversation.Outcome{Session: next, Project: true}, nil
	case sessionpb.OperatorAction_OPERATOR_ACTION_SEND:
		text := strings.TrimSpace(cmd.GetText())
		switch {
		case s.State != persistence.StateHuman || held != operator:
			return refuse("not_assigned", "claim the conversation before writing to the customer"), conversation.Outcome{}, nil
		case text == "":
			return refuse("empty_text", "the message is empty"), conversation.Outcome{}, nil
		case !windowOpen(history, now):
			return refuse("window_closed", "the customer wrote more than 24 hours ago: the platform only accepts template messages now"), conversation.Outcome{}, nil
		}
		return nil, conversation.Outcome{Session: next}, &persistence.Message{
			MessageID:        uuid.NewString(),
			Content:          text,
			CleanMessageSent: text,
			Timestamp:        now.UTC(),
			Direction:        persistence.DirectionOutbound,
			MessageType:      persistence.MessageText,
			OperatorPhone:    operator,
		}
	case sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE:
		if s.State != persistence.StateHuman || held != operator {
			return refuse("not_assigned", "only the operator holding the conversation can release it"), conversation.Outcome{}, nil
		}
		next.AssignedTo, next.State = "", persistence.StateHandoff
		return nil, conversation.Outcome{Session: next, Project: true}, nil
	case sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE:
		if s.State != persistence.StateHuman || held != operator {
			return refuse("not_assigned", "claim the conversation before closing it"), conversation.Outcome{}, nil
		}
		closed := now.UTC()
		next.State, next.ClosedAt = persistence.StateClosed, &closed
		return nil, conversation.Outcome{Session: next, Project: true, Summarize: true}, nil
	}
	return refuse("invalid_state", "unknown operator action"), conversation.Outcome{}, nil
}

// windowOpen reports whether the customer's last message is recent enough for
// free text.
func windowOpen(history []persistence.Message, now time.Time) bool {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Direction == persistence.DirectionInbound {
			return now.Sub(history[i].Timestamp) <= CustomerServiceWindow
		}
	}
	return false
}

func refuse(code, message string) *sessionpb.OperatorResult {
	return &sessionpb.OperatorResult{Code: code, Message: message}
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
