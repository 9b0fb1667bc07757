package session

import (
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/redact"
)

// A conversation handed off to people is the session actor's to watch: it
// tells the operators (through its handoff child) when the conversation
// enters the queue, and while nobody claims it, renotifies them and tells the
// customer they are still in line, every RenotifyAfter, up to
// MaxRenotifications times. The deadline comes from the snapshot
// (handoff_renotified_at, else handoff_at), so it survives a restart.

// enteredHandoff reports whether a committed turn put the conversation in the
// handoff queue (domain.Session.Waiting): handed off, released, or
// registered for the sale.
func enteredHandoff(waitedBefore bool, after domain.Session) bool {
	return after.Waiting() && !waitedBefore
}

// markHandoff stamps the time a session enters the queue, which orders the
// queue and starts the renotification clock.
func markHandoff(waitedBefore bool, s *domain.Session, now time.Time) {
	if enteredHandoff(waitedBefore, *s) {
		at := now.UTC()
		s.HandoffAt = &at
		s.HandoffRenotificationCount = 0
		s.HandoffRenotifiedAt = nil
	}
}

// notifyHandoff asks the handoff child to tell the operators, spawning it
// the first time.
func (c *conversationActor) notifyHandoff(ctx actor.Context, s domain.Session, renotify bool) {
	if c.deps.Handoff == nil {
		return
	}
	c.spawnHandoff(ctx)
	ctx.Send(c.watch.child, handoff.NewNotify(s, renotify))
}

// spawnHandoff starts the handoff child the first time it is needed.
func (c *conversationActor) spawnHandoff(ctx actor.Context) {
	if c.watch.child == nil {
		c.watch.child = ctx.Spawn(c.deps.Handoff)
	}
}

// armRenotify schedules the next renotification of a queued conversation, or
// cancels it when there is none to make.
//
// The clock counts open time only (Config.Hours): a conversation queued at
// 17:55 with RenotifyAfter 10m is due at 08:05 the next working day, not
// during the night. A conversation queued while closed is first announced at
// the opening (deferredNotice).
func (c *conversationActor) armRenotify(ctx actor.Context) {
	gen := c.watch.nextRenotify()
	s := c.stored.session
	cfg := c.deps.Config
	now := c.deps.Now()
	if s == nil || !s.Waiting() {
		return
	}
	if opening, later := deferredNotice(*s, cfg.Hours.Hours(), now); later {
		c.watch.cancelRenotify = c.timers.SendOnce(opening.Sub(now), ctx.Self(), &renotifyDue{gen: gen, opening: true})
		return
	}
	if s.HandoffRenotificationCount >= cfg.MaxRenotifications {
		return
	}
	base := s.UpdatedAt
	switch {
	case s.HandoffRenotifiedAt != nil:
		base = *s.HandoffRenotifiedAt
	case s.HandoffAt != nil:
		base = *s.HandoffAt
	}
	delay := max(cfg.Hours.Hours().Add(base, cfg.RenotifyAfter).Sub(now), 0)
	c.watch.cancelRenotify = c.timers.SendOnce(delay, ctx.Self(), &renotifyDue{gen: gen})
}

// deferredNotice is when the operators' first notice of s goes out, and
// whether that is still after now: a conversation queued while the business
// is closed is announced at the next opening, when someone can take it,
// rather than at 23:00. It is read from the snapshot (handoff_at), so a
// restart before the opening still announces it then; a node down across
// the opening leaves the announcement to the first renotification.
func deferredNotice(s domain.Session, hours businesshours.Hours, now time.Time) (time.Time, bool) {
	if !s.Waiting() || s.HandoffAt == nil || s.HandoffRenotificationCount > 0 || hours.Open(*s.HandoffAt) {
		return time.Time{}, false
	}
	opening := hours.NextOpening(*s.HandoffAt)
	return opening, now.Before(opening)
}

// onRenotifyDue queues the renotification like an operator command, so it
// never races a customer turn for the snapshot. At the opening, the
// deferred first notice goes out instead, from the snapshot as it is.
func (c *conversationActor) onRenotifyDue(ctx actor.Context, msg *renotifyDue) {
	s := c.stored.session
	if msg.opening {
		if s != nil && s.Waiting() {
			c.announce(ctx, *s, false)
		}
		c.armRenotify(ctx)
		return
	}
	if s == nil {
		c.pushOp(ctx, opRequest{renotify: true})
		return
	}
	c.announce(ctx, *s, true)
}

// decideRenotify records one renotification on a conversation still waiting,
// with the notice the customer receives; nothing when someone claimed it.
func (c *conversationActor) decideRenotify(s domain.Session) (conversation.Outcome, *domain.Message, bool) {
	if !s.Waiting() || s.HandoffRenotificationCount >= c.deps.Config.MaxRenotifications {
		return conversation.Outcome{}, nil, false
	}
	now := c.deps.Now().UTC()
	s.HandoffRenotifiedAt, s.HandoffCustomerRenotifiedAt = &now, &now
	s.HandoffRenotificationCount++
	text := c.deps.Config.StillWaitingText
	return conversation.Outcome{Session: s}, &domain.Message{
		MessageID:        uuid.NewString(),
		Content:          text,
		CleanMessageSent: text,
		Timestamp:        now,
		Direction:        domain.DirectionOutbound,
		MessageType:      domain.MessageText,
	}, true
}

// afterCommit runs the side effects of a stored turn: operators told of a new
// handoff (a queued conversation, or registration complete) or of a
// renotification, the renotification clock rearmed. (The ERP customer is an
// intent in the turn's commit; the sync job makes it.)
func (c *conversationActor) afterCommit(ctx actor.Context, t *turn, s domain.Session) {
	switch {
	case t.outcome.Reopened:
		if c.deps.Handoff != nil {
			c.spawnHandoff(ctx)
			ctx.Send(c.watch.child, handoff.NewReopened(s))
		}
	case t.op != nil && t.op.renotify:
		c.notifyHandoff(ctx, s, true)
	case enteredHandoff(t.waitedBefore, s) || t.outcome.Handoff != "":
		if _, later := deferredNotice(s, c.deps.Config.Hours.Hours(), c.deps.Now()); !later {
			c.announce(ctx, s, false)
		}
	case t.op != nil && (t.op.assignTo != "" || t.op.lapse):
		c.afterAssignment(ctx, t, s)
	}
	c.armRenotify(ctx)
	c.armAssignment(ctx)
}

func (c *conversationActor) onNotified(msg *handoff.Notified) {
	r := msg.Result
	c.log().Info("operators told of the handoff",
		zap.Bool("renotify", msg.Renotify), zap.Bool("success", r.Success), zap.Bool("notified", r.Notified),
		zap.Int("queue_position", r.QueuePosition), zap.String("detail", redact.Personal(r.Detail)))
}
