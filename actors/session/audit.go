package session

import (
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// auditActions names the audit action of each person's command. The
// actor's own commands (renotifications, assignments) are nobody's and are
// not audited.
var auditActions = map[sessionpb.OperatorAction]persistence.AuditAction{
	sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM:    persistence.AuditClaim,
	sessionpb.OperatorAction_OPERATOR_ACTION_SEND:     persistence.AuditSend,
	sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE:  persistence.AuditRelease,
	sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE:    persistence.AuditClose,
	sessionpb.OperatorAction_OPERATOR_ACTION_TEMPLATE: persistence.AuditTemplate,
	sessionpb.OperatorAction_OPERATOR_ACTION_TRANSFER: persistence.AuditTransfer,
	sessionpb.OperatorAction_OPERATOR_ACTION_RESET:    persistence.AuditReset,
	sessionpb.OperatorAction_OPERATOR_ACTION_LABEL:    persistence.AuditLabel,
}

// auditWhatsApp is the Source of an operator's message written on the
// platform itself: it came from the operator's phone, not an address.
const auditWhatsApp = "whatsapp"

// auditOf is the audit entry a person's command commits with, in the
// command's own transaction: the entry exists exactly when the action does,
// at the price of one more write in a transaction already made. nil for a
// customer's turn and the actor's own commands.
func auditOf(t *turn, phone string, newID func() string, now time.Time) *persistence.AuditEntry {
	op := t.op
	if op == nil || op.cmd == nil || op.renotify || op.assignTo != "" || op.lapse {
		return nil
	}
	cmd := op.cmd
	action, ok := auditActions[cmd.GetAction()]
	if !ok {
		return nil
	}
	who := cmd.GetOperatorPhone()
	if who == "" {
		who = persistence.AuditAPI // the administration's reset
	}
	e := &persistence.AuditEntry{ID: newID(), At: now, Who: who, Action: action, Phone: phone,
		SessionID: t.session.SessionID, Source: cmd.GetSource()}
	if e.Source == "" && op.messageID() != "" {
		e.Source = auditWhatsApp
	}
	switch cmd.GetAction() {
	case sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM:
		if conversation.TakeOver(t.session) {
			e.Action = persistence.AuditTakeover // from the bot
		}
	case sessionpb.OperatorAction_OPERATOR_ACTION_TEMPLATE:
		e.Target = cmd.GetTemplate()
	case sessionpb.OperatorAction_OPERATOR_ACTION_TRANSFER:
		e.Target = cmd.GetToOperator()
	case sessionpb.OperatorAction_OPERATOR_ACTION_LABEL:
		e.Target = "+" + cmd.GetLabel()
		if cmd.GetRemoveLabel() {
			e.Target = "-" + cmd.GetLabel()
		}
	}
	return e
}
