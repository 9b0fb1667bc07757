package session

import (
	"errors"
	"fmt"

	"github.com/intake-runtime/intake/actors/sessionpb"
)

// The rules every addressing implementation (the local Supervisor, the
// cluster's) applies to the requests it routes, so that a request is
// refused the same way whichever node takes it.

// CheckTurn refuses a turn that names no phone or no message.
func CheckTurn(turn *sessionpb.InboundTurn) error {
	if turn.GetPhoneNumber() == "" || turn.GetMessageId() == "" {
		return errors.New("session: a turn needs a phone number and a message ID")
	}
	return nil
}

// CheckCommand refuses an operator command that names no phone, operator or
// action. A RESET is the administration's and names no operator.
func CheckCommand(cmd *sessionpb.OperatorCommand) error {
	action := cmd.GetAction()
	operator := cmd.GetOperatorPhone() != "" || action == sessionpb.OperatorAction_OPERATOR_ACTION_RESET
	if cmd.GetPhoneNumber() == "" || !operator || action == sessionpb.OperatorAction_OPERATOR_ACTION_UNSPECIFIED {
		return errors.New("session: an operator command needs a phone number, an operator and an action")
	}
	return nil
}

// Taken is the error of a turn's acknowledgement: nil when the conversation
// holds the turn, else the reason it did not take it (the caller retries).
func Taken(turn *sessionpb.InboundTurn, ack *sessionpb.TurnAck) error {
	if ack.GetError() != "" {
		return fmt.Errorf("session: turn %s not taken: %s", turn.GetMessageId(), ack.GetError())
	}
	return nil
}
