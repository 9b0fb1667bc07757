package conversation

import (
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// RefusedNoOperator is a TRANSFER without another operator to take it.
const RefusedNoOperator Refusal = "no_operator"

// operateTransfer decides a TRANSFER: the operator holding the conversation
// hands it to another, who holds it from then on. Who may be named is the
// console's rule (its operator list); here only "someone else".
func operateTransfer(s domain.Session, cmd *sessionpb.OperatorCommand) (Outcome, *domain.Message, *Refused) {
	to := cmd.GetToOperator()
	switch {
	case !HeldBy(s, cmd.GetOperatorPhone()):
		return refused(RefusedNotAssigned, "only the operator holding the conversation can transfer it")
	case to == "" || to == cmd.GetOperatorPhone():
		return refused(RefusedNoOperator, "choose another operator to transfer the conversation to")
	}
	next := s
	next.AssignedTo = domain.NullString(to)
	return Outcome{Session: next, Project: true}, nil, nil
}
