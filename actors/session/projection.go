package session

import (
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// projected reports whether a turn records the session's desired state (CRM
// and ERP) in its commit: the sessions projection.Wanted names.
// Renotifications and operator messages change nothing projected. The commit
// writes the intent only when its revision changed.
func projected(t *turn, s persistence.Session) bool {
	if !projection.Wanted(s) {
		return false
	}
	op := t.op
	return op == nil || !(op.renotify || op.cmd.GetAction() == sessionpb.OperatorAction_OPERATOR_ACTION_SEND)
}

// intentChanged reports whether a projected session's desired state differs
// from the one this activation last committed, and notes the new revision
// on t. An unchanged intent is left out of the commit, which then reads and
// writes no projection at all.
func (c *conversationActor) intentChanged(t *turn, s persistence.Session) bool {
	desired, err := projection.Desired(s)
	if err == nil {
		t.intent, err = persistence.Revision(desired)
	}
	if err != nil {
		return true // the commit reports it
	}
	return t.intent != c.intent
}

// withCustomerIntent prepares the ERP customer of a session whose
// registration is complete (COMPLETED: its cadastral data was validated) as
// its erp_payload, in the commit of the turn that completed it; the
// projection intent committed with it carries the customer to the sync job,
// which creates it once. A payload prepared earlier is kept: the ERP gets the
// customer as first registered. Sessions that older releases marked
// erp_synced have their customer already.
func (c *conversationActor) withCustomerIntent(s persistence.Session) persistence.Session {
	if s.State != persistence.StateCompleted || s.ERPPayload != nil || s.ERPSynced {
		return s
	}
	payload, err := projection.CustomerPayload(s)
	if err != nil {
		c.log().Error("registration complete without an ERP customer", zap.String("session_id", s.SessionID), zap.Error(err))
		return s
	}
	s.ERPPayload = payload
	return s
}
