package session

import (
	"maps"
	"slices"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/intake-runtime/intake/actors/conversation"
	projchild "github.com/intake-runtime/intake/actors/projection/child"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// project hands a committed session to the projection child. Only qualified
// sessions (a service identified) are projected, so a greeting never becomes
// a CRM deal; the child records a new desired state only when its revision
// changed. Renotifications and operator messages change nothing projected.
func (c *conversationActor) project(ctx actor.Context, t *turn, s persistence.Session) {
	if c.projection == nil || s.ServiceIdentified == "" {
		return
	}
	if t.op != nil && (t.op.renotify || t.op.customer != nil || t.op.cmd.GetAction() == sessionpb.OperatorAction_OPERATOR_ACTION_SEND) {
		return
	}
	ctx.Send(c.projection, &projchild.Project{Session: detached(s)})
}

// onCustomerSynced stores what the ERP answered, as a command of its own so
// it never races a customer turn for the snapshot.
func (c *conversationActor) onCustomerSynced(ctx actor.Context, msg *projchild.CustomerSynced) {
	c.ops = append(c.ops, opRequest{customer: msg})
	if c.inflight == nil {
		c.nextOp(ctx)
	}
}

// applyCustomerSync is the outcome of storing an ERP result on the session
// it was made for.
func applyCustomerSync(s persistence.Session, msg *projchild.CustomerSynced) (conversation.Outcome, bool) {
	if s.SessionID != msg.SessionID {
		return conversation.Outcome{}, false
	}
	return conversation.Outcome{Session: msg.Sync.Apply(s)}, true
}

// detached copies the maps and lists of s, for a message that outlives the
// actor's own copy.
func detached(s persistence.Session) persistence.Session {
	s.QualificationData = maps.Clone(s.QualificationData)
	s.CadastralData = maps.Clone(s.CadastralData)
	s.CollectedPackages = slices.Clone(s.CollectedPackages)
	s.ERPPayload = maps.Clone(s.ERPPayload)
	s.CRMPayload = maps.Clone(s.CRMPayload)
	return s
}
