package session

import (
	"slices"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// Automatic assignment (Config.RoundRobin, ASSIGNMENT=round_robin) is the
// conversation's own decision, like a claim: when it enters the queue (or at
// the opening, or at a renotification while still waiting) the handoff child
// chooses an operator from the table, and the assignment is committed by
// this actor as a command of its own, conditional on the snapshot's version.
// Across cluster members only the phone's one actor commits, and a stale one
// loses the version check, so a conversation is assigned once.
//
// An assigned conversation is HUMAN, held by the operator, with AssignedAt
// set until they take it up: any command of theirs on it that the rules
// accept (a claim, a message, a template, a transfer, a release, a close).
// Still set after Config.AssignmentSLA of open time, the assignment lapses:
// the conversation goes back to its place in the queue, the operator is
// passed over (AssignmentPassed) and the next one is chosen. The deadline
// comes from the snapshot, so it survives a restart.

// assignWatch is the conversation's assignment state: whether a choice is
// asked of the child, and the lapse timer.
type assignWatch struct {
	// choosing is set while the child chooses; renotify says what to do
	// when nobody can take it: renotify (the queue's timer asked) or
	// tell every operator (the conversation just entered the queue).
	choosing, renotify bool
	gen                uint64
	cancel             scheduler.CancelFunc
}

// assignmentDue fires when an assignment's HANDOFF_SLA ran out.
type assignmentDue struct{ gen uint64 }

func (w *assignWatch) armed() bool { return w.cancel != nil }

func (w *assignWatch) stop() {
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
	w.gen++
}

// onAssignment handles the child's choice and the lapse timer.
func (c *conversationActor) onAssignment(ctx actor.Context, msg any) {
	switch msg := msg.(type) {
	case *handoff.Chosen:
		c.assign.choosing = false
		if msg.Err != nil {
			c.log().Warn("no operator chosen; the conversation waits in the queue", zap.Error(msg.Err))
		}
		switch {
		case msg.Operator != "":
			c.pushOp(ctx, opRequest{assignTo: msg.Operator})
		case c.assign.renotify:
			c.pushOp(ctx, opRequest{renotify: true})
		default:
			if s := c.stored.session; s != nil && s.Waiting() {
				c.notifyHandoff(ctx, *s, false)
			}
		}
	case *assignmentDue:
		if msg.gen == c.assign.gen {
			c.assign.cancel = nil
			c.pushOp(ctx, opRequest{lapse: true})
		}
	}
}

// pushOp queues one of the actor's own commands and starts it when nothing
// runs.
func (c *conversationActor) pushOp(ctx actor.Context, op opRequest) {
	c.ops.push(op)
	if c.flight.turn == nil {
		c.nextOp(ctx)
	}
}

// announce tells of a conversation waiting: with automatic assignment, while
// the business is open, it asks the child for an operator first (renotify
// says what to do when there is none); otherwise every operator is told, as
// renotify=false, or the renotification runs.
func (c *conversationActor) announce(ctx actor.Context, s domain.Session, renotify bool) {
	cfg := c.deps.Config
	if !cfg.RoundRobin || c.deps.Handoff == nil || !cfg.Hours.Hours().Open(c.deps.Now()) || c.assign.choosing {
		if renotify {
			c.pushOp(ctx, opRequest{renotify: true})
		} else {
			c.notifyHandoff(ctx, s, false)
		}
		return
	}
	if c.watch.child == nil {
		c.watch.child = ctx.Spawn(c.deps.Handoff)
	}
	c.assign.choosing, c.assign.renotify = true, renotify
	ctx.Send(c.watch.child, &handoff.Choose{Session: s.Clone()})
}

// decideAssignment decides the actor's own assign and lapse commands on the
// loaded session: due is false when the conversation moved on meanwhile
// (claimed, closed, taken up).
func (c *conversationActor) decideAssignment(t *turn) (conversation.Outcome, bool) {
	s, now := t.session, c.deps.Now().UTC()
	if t.op.assignTo != "" {
		if !s.Waiting() || s.AssignedTo != "" || !conversation.Claimable(s) {
			return conversation.Outcome{}, false
		}
		s.State, s.AssignedTo, s.AssignedAt = domain.StateHuman, domain.NullString(t.op.assignTo), &now
		return conversation.Outcome{Session: s, Project: true}, true
	}
	if s.State != domain.StateHuman || s.AssignedAt == nil {
		return conversation.Outcome{}, false
	}
	s.AssignmentPassed = append(s.AssignmentPassed, string(s.AssignedTo))
	s.State, s.AssignedTo, s.AssignedAt = domain.StateHandoff, "", nil
	// Back to its place in the queue, not its end (handoff_at is kept), and
	// the renotification clock starts again.
	t.waitedBefore = true
	s.HandoffRenotifiedAt = &now
	return conversation.Outcome{Session: s, Project: true}, true
}

// takeUp clears the pending assignment of a session an operator command
// changed: every command the rules accept is the holder's own (or closes the
// conversation), so it is taken up. An operator who releases the
// conversation is passed over when it is assigned again.
func takeUp(s *domain.Session, cmd *sessionpb.OperatorCommand) {
	s.AssignedAt = nil
	if op := cmd.GetOperatorPhone(); cmd.GetAction() == sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE && !slices.Contains(s.AssignmentPassed, op) {
		s.AssignmentPassed = append(s.AssignmentPassed, op)
	}
}

// afterAssignment runs after a committed assign or lapse: the operator
// chosen is told, or the next one is chosen.
func (c *conversationActor) afterAssignment(ctx actor.Context, t *turn, s domain.Session) {
	switch {
	case t.op.assignTo != "" && c.watch.child != nil:
		ctx.Send(c.watch.child, &handoff.TellAssigned{Session: s.Clone(), Operator: t.op.assignTo})
	case t.op.lapse:
		c.log().Info("assignment lapsed; choosing the next operator")
		c.announce(ctx, s, false)
	}
}

// armAssignment schedules the lapse of a pending assignment after
// AssignmentSLA of open time from AssignedAt, or cancels it when there is
// none.
func (c *conversationActor) armAssignment(ctx actor.Context) {
	c.assign.stop()
	s := c.stored.session
	cfg := c.deps.Config
	if s == nil || s.State != domain.StateHuman || s.AssignedAt == nil || cfg.AssignmentSLA <= 0 {
		return
	}
	now := c.deps.Now()
	delay := max(cfg.Hours.Hours().Add(*s.AssignedAt, cfg.AssignmentSLA).Sub(now), time.Duration(0))
	c.assign.cancel = c.timers.SendOnce(delay, ctx.Self(), &assignmentDue{gen: c.assign.gen})
}
