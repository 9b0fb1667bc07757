package conversation

import (
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// Refusal is the code of a refused operator command, the one an
// OperatorResult carries; the operator console answers each with its own
// HTTP status.
type Refusal string

// The refusal codes. RefusedNotFound: no open conversation; RefusedStale:
// the command names a session the conversation left; RefusedDuplicate: an
// earlier delivery of the operator's platform message was forwarded already;
// RefusedFailed: the conversation could not carry the command out.
const (
	RefusedNotFound     Refusal = "not_found"
	RefusedStale        Refusal = "stale_session"
	RefusedClaimed      Refusal = "already_claimed"
	RefusedNotAssigned  Refusal = "not_assigned"
	RefusedState        Refusal = "invalid_state"
	RefusedWindowClosed Refusal = "window_closed"
	RefusedEmptyText    Refusal = "empty_text"
	RefusedTextTooLong  Refusal = "text_too_long"
	RefusedDuplicate    Refusal = "duplicate"
	RefusedFailed       Refusal = "failed"
)

// Refused is a refused operator command: its code and the explanation for
// the operator.
type Refused struct {
	Code    Refusal
	Message string
}

func refused(code Refusal, message string) (Outcome, *domain.Message, *Refused) {
	return Outcome{}, nil, &Refused{Code: code, Message: message}
}

// Operate is the rule of each operator action on a loaded session: who may
// do it, in which state, and what it changes. It returns the refusal, or the
// outcome to commit and the operator's message to log and send (SEND only).
//
//	action   allowed when                           then
//	CLAIM    waiting or HUMAN, unassigned           HUMAN, assigned to them; Project
//	         the bot holds it (TakeOver)            HUMAN, assigned to them, handoff
//	                                                OPERATOR_TAKEOVER; Project, Summarize
//	         HUMAN held by them                     nothing changes
//	SEND     HUMAN held by them, text, window open  the message; nothing changes
//	TEMPLATE HUMAN held by them, template, text     the template message; nothing changes
//	TRANSFER HUMAN held by them, another operator   HUMAN, assigned to that operator; Project
//	RELEASE  HUMAN held by them                     HANDOFF, unassigned; Project
//	CLOSE    HUMAN held by them                     CLOSED (closed_at, closed_by); Project, Summarize
//	LABEL    open, any operator, a valid label      the label added (or removed); nothing else
//	RESET    always (the administration's; any      CLOSED (closed_at); Project, Reset
//	         session ID, no operator)
func Operate(s domain.Session, history []domain.Message, cmd *sessionpb.OperatorCommand, now time.Time) (Outcome, *domain.Message, *Refused) {
	operator := cmd.GetOperatorPhone()
	if cmd.GetAction() == sessionpb.OperatorAction_OPERATOR_ACTION_RESET {
		// The deal follows the close, through the projection intent.
		return Outcome{Session: closeSession(s, now), Project: true, Reset: true}, nil, nil
	}
	if cmd.GetSessionId() != s.SessionID {
		return refused(RefusedStale, "the conversation moved on to another session; reload it")
	}
	next := s
	switch cmd.GetAction() {
	case sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM:
		switch {
		case HeldBy(s, operator):
			return Outcome{Session: next}, nil, nil
		case s.AssignedTo != "":
			return refused(RefusedClaimed, "another operator took this conversation first")
		case TakeOver(s):
			at := now.UTC()
			next.AssignedTo, next.State = domain.NullString(operator), domain.StateHuman
			next.HandoffReason, next.HandoffAt = domain.HandoffOperatorTakeover, &at
			next.HandoffRenotificationCount, next.HandoffRenotifiedAt = 0, nil
			return Outcome{Session: next, Project: true, Summarize: true}, nil, nil
		case !Claimable(s):
			return refused(RefusedState, "only open conversations can be claimed")
		}
		next.AssignedTo, next.State = domain.NullString(operator), domain.StateHuman
		return Outcome{Session: next, Project: true}, nil, nil
	case sessionpb.OperatorAction_OPERATOR_ACTION_SEND:
		text := strings.TrimSpace(cmd.GetText())
		switch {
		case !HeldBy(s, operator):
			return refused(RefusedNotAssigned, "claim the conversation before writing to the customer")
		case text == "":
			return refused(RefusedEmptyText, "the message is empty")
		case !WindowAt(history, now).Open:
			return refused(RefusedWindowClosed, "the customer wrote more than 24 hours ago: the platform only accepts template messages now")
		}
		return Outcome{Session: next}, operatorMessage(operator, text, now), nil
	case sessionpb.OperatorAction_OPERATOR_ACTION_TEMPLATE:
		return operateTemplate(s, cmd, now)
	case sessionpb.OperatorAction_OPERATOR_ACTION_TRANSFER:
		return operateTransfer(s, cmd)
	case sessionpb.OperatorAction_OPERATOR_ACTION_LABEL:
		return operateLabel(s, cmd)
	case sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE:
		if !HeldBy(s, operator) {
			return refused(RefusedNotAssigned, "only the operator holding the conversation can release it")
		}
		next.AssignedTo, next.State = "", domain.StateHandoff
		return Outcome{Session: next, Project: true}, nil, nil
	case sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE:
		if !HeldBy(s, operator) {
			return refused(RefusedNotAssigned, "claim the conversation before closing it")
		}
		next = closeSession(next, now)
		next.ClosedBy = domain.NullString(operator)
		return Outcome{Session: next, Project: true, Summarize: true}, nil, nil
	}
	return refused(RefusedState, "unknown operator action")
}

// operatorMessage is what operator writes to the customer, to log and send.
func operatorMessage(operator, text string, now time.Time) *domain.Message {
	return &domain.Message{
		MessageID:        uuid.NewString(),
		Content:          text,
		CleanMessageSent: text,
		Timestamp:        now.UTC(),
		Direction:        domain.DirectionOutbound,
		MessageType:      domain.MessageText,
		OperatorPhone:    operator,
	}
}

// Claimable reports whether any operator may claim s: it waits for a person
// and no one holds it. The console shows its claim button by this rule.
func Claimable(s domain.Session) bool {
	return s.AssignedTo == "" && (s.Waiting() || s.State == domain.StateHuman)
}

// TakeOver reports whether a claim of s takes the conversation from the bot:
// it is open and the bot answers it (nobody waits for a person). The console
// asks the operator to confirm such a claim; the bot stops at the claim and
// the handoff reason is OPERATOR_TAKEOVER.
func TakeOver(s domain.Session) bool {
	return !Silent(s.State) && !s.Waiting()
}

// HeldBy reports whether operator holds s, and so may write in it, release
// it and close it.
func HeldBy(s domain.Session, operator string) bool {
	return s.State == domain.StateHuman && string(s.AssignedTo) == operator
}

// operatorActions are the names of the operator commands in the console's
// URLs and the fixtures, in the order of a conversation's life: each is the
// last word of the command's protobuf name, in lower case.
var operatorActions = []string{"claim", "send", "release", "close"}

// OperatorAction is the command called name, and whether there is one.
func OperatorAction(name string) (sessionpb.OperatorAction, bool) {
	if !slices.Contains(operatorActions, name) {
		return sessionpb.OperatorAction_OPERATOR_ACTION_UNSPECIFIED, false
	}
	return sessionpb.OperatorAction(sessionpb.OperatorAction_value["OPERATOR_ACTION_"+strings.ToUpper(name)]), true
}

// OperatorActionNames are the names OperatorAction knows, in order.
func OperatorActionNames() []string { return slices.Clone(operatorActions) }
