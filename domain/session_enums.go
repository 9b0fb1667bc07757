package domain

import "slices"

// SessionState is the domain state of a conversation, as the state machine
// of actors/conversation moves it. It is stored as its string value.
type SessionState string

// The session states. NEW is the default of a fresh session.
const (
	StateNew            SessionState = "NEW"
	StateQualifying     SessionState = "QUALIFYING"
	StateDataCollect    SessionState = "DATA_COLLECT"
	StateConfirmSubject SessionState = "CONFIRM_SUBJECT"
	StateCompleted      SessionState = "COMPLETED"
	StateHandoff        SessionState = "HANDOFF"
	StateHuman          SessionState = "HUMAN"
	StateClosed         SessionState = "CLOSED"
)

// states are the session states in the state machine's order:
// the one list the admin overview, the fixture checks, the CRM stage mapping
// and the dashboard walk. A new state is added here and to the rules in
// actors/conversation; projection.Stage says which CRM stage it is.
var states = []SessionState{
	StateNew, StateQualifying, StateDataCollect, StateConfirmSubject,
	StateCompleted, StateHandoff, StateHuman, StateClosed,
}

// States returns every session state in the state machine's order.
func States() []SessionState { return slices.Clone(states) }

// Valid reports whether s is a state of this release; a record written by a
// newer release may hold one that is not.
func (s SessionState) Valid() bool { return slices.Contains(states, s) }

// AgentName names the language-model agent assigned to a session. The empty
// value means no agent and serialises as JSON null.
type AgentName string

// The agents.
const (
	AgentTriage     AgentName = "TRIAGE"
	AgentQualifier  AgentName = "QUALIFIER"
	AgentRegistrar  AgentName = "REGISTRAR"
	AgentSummarizer AgentName = "SUMMARIZER"
)

// MarshalJSON writes null for no agent.
func (a AgentName) MarshalJSON() ([]byte, error) { return nullableJSON(string(a)) }

// HandoffReason says why a conversation went to human operators. The empty
// value means no handoff and serialises as JSON null.
type HandoffReason string

// The handoff reasons.
const (
	HandoffCustomerRequest  HandoffReason = "CUSTOMER_REQUEST"
	HandoffDataComplete     HandoffReason = "DATA_COMPLETE"
	HandoffValidationFailed HandoffReason = "VALIDATION_FAILED"
	HandoffAgentFailure     HandoffReason = "AGENT_FAILURE"
	HandoffOperatorTakeover HandoffReason = "OPERATOR_TAKEOVER"
)

// MarshalJSON writes null for no reason.
func (r HandoffReason) MarshalJSON() ([]byte, error) { return nullableJSON(string(r)) }
