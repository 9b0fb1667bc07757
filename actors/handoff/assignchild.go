package handoff

import (
	"context"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
)

// Choose asks a conversation's handoff child which operator the waiting
// conversation goes to (automatic assignment). The child answers Chosen to
// its parent, which commits the assignment itself: the choice reads the
// table, the commit is the conversation's.
type Choose struct {
	Session domain.Session
}

// Chosen answers Choose: Operator is "" when nobody can take the
// conversation now (all away, at ASSIGNMENT_MAX_OPEN, or passed over), or
// the choice failed (Err).
type Chosen struct {
	SessionID string
	Operator  string
	Err       error
}

// TellAssigned asks the child to tell Operator that Session was assigned to
// them, once the assignment is committed.
type TellAssigned struct {
	Session  domain.Session
	Operator string
}

// WithAssigner makes the child choose operators with a (round robin); without
// it every Choose is answered with nobody.
func WithAssigner(a *Assigner) Option { return func(c *child) { c.assigner = a } }

func (c *child) choose(ctx actor.Context, msg *Choose) {
	res := &Chosen{SessionID: msg.Session.SessionID}
	if c.assigner != nil {
		call, cancel := context.WithTimeout(context.Background(), notifyTimeout)
		defer cancel()
		res.Operator, res.Err = c.assigner.Choose(call, msg.Session)
	}
	ctx.Send(ctx.Parent(), res)
}

func (c *child) tellAssigned(msg *TellAssigned) {
	if c.assigner == nil {
		return
	}
	call, cancel := context.WithTimeout(context.Background(), notifyTimeout)
	defer cancel()
	c.assigner.Tell(call, msg.Operator, msg.Session)
	c.logger.Info("conversation assigned", zap.String("session_id", msg.Session.SessionID), zap.String("operator", msg.Operator))
}
