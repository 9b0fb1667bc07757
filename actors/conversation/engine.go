package conversation

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
)

// Input is one step of a conversation as the session actor sees it.
type Input struct {
	// Session is the session as loaded, before this step.
	Session domain.Session
	// History is the session's message log before this turn, oldest first,
	// as stored: superseded and system messages are filtered out here.
	History []domain.Message
	// Customer holds this burst's customer texts, in order.
	Customer []string
	// PushName is the customer's profile name on the platform, when known.
	PushName string
	// Packages are the knowledge package IDs injected during this turn
	// (Outcome.Enrich of earlier steps of the same turn).
	Packages []string
	// Now is the time of the step.
	Now time.Time
}

// Outcome is the result of one step: the new session and what the actor must
// do about it. Its Session never shares maps or slices with the Input.
type Outcome struct {
	// Session is the session after the step.
	Session domain.Session
	// Reply is the text for the customer; "" sends nothing.
	Reply string
	// Options are the choices the model's answer offers with Reply
	// (agent.ParsedLLMResponse.Options), sent as buttons or a list the
	// customer taps; nil with a configured text (fallbacks, validation
	// retries), which offers none.
	Options []string
	// Enrich lists the knowledge packages to inject before calling the model
	// again (s=5); the turn is not over and nothing is sent. Apply has already
	// enforced MaxEnrichments (context_enrichment_count) and recorded the IDs
	// in collected_packages.
	Enrich []string
	// Demand is the out-of-portfolio demand to record (s=4).
	Demand *domain.OutOfPortfolioDemand
	// Handoff is the reason to queue the conversation for operators; "" when
	// none.
	Handoff domain.HandoffReason
	// Project is set when registration data is complete and valid: the CRM
	// and ERP projection must (re)run.
	Project bool
	// Summarize asks for an operational summary (closing or handoff): call
	// SummaryRequest, then ApplySummary.
	Summarize bool
	// Reset points the phone at no session with the commit (the active
	// pointer becomes <reset>), so its next message starts a new one.
	Reset bool
	// Illegal says why the model's answer was refused or missing (for the
	// log); "" when the answer was used. A refused answer never reaches the
	// customer: the outcome then carries a configured text instead.
	Illegal string
	// Note is a note for the operators written by the customer (the comment
	// after a satisfaction score), stored with the turn; "" when none.
	Note string
	// Reopened says the turn took the conversation back to the operator
	// who closed it (AfterClose Reopen): they are told, like a transfer.
	Reopened bool
}

// Engine applies the conversation rules. It is immutable and safe for
// concurrent use; the content store it reads is itself safe for concurrent
// use and may change under it (prompt and knowledge edits apply to the next
// request).
type Engine struct {
	cfg          Config
	content      *content.Store
	instructions *instructions
}

// New returns an Engine with cfg's defaults applied.
func New(cfg Config, store *content.Store) (*Engine, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if store == nil {
		return nil, errors.New("conversation: a content store is required")
	}
	return &Engine{cfg: cfg, content: store, instructions: &instructions{}}, nil
}

// Silent reports whether the bot stays silent in a state: in HANDOFF and HUMAN
// a person owns the conversation, so customer messages are only logged and no
// model is called; a CLOSED session takes no model turn (the actor starts a
// new session, or resumes the closed one without the model: AfterClose).
func Silent(state domain.SessionState) bool {
	switch state {
	case domain.StateHandoff, domain.StateHuman, domain.StateClosed:
		return true
	}
	return false
}

// NewSession returns the session of a phone's new conversation: the
// record's defaults are domain.NewSession's (NEW, empty data), the agent
// is its state's (agentFor: TRIAGE), so neither is stated twice. previous is
// the phone's last session, or nil: a customer who writes again after a
// CLOSED session gets a new session linked to it (previous_session_id),
// recognized by the name the previous one learned. Registration data is not
// carried over: the registrar asks again, so stale data is confirmed by the
// customer rather than assumed.
func (e *Engine) NewSession(previous *domain.Session, id, phone, instance string, now time.Time) domain.Session {
	s := domain.NewSession(id, phone, instance, now)
	s.CurrentAgent = agentFor(s)
	if previous != nil {
		s.PreviousSessionID = domain.NullString(previous.SessionID)
		s.RecognizedName = previous.RecognizedName
		if name := domain.DataText(previous.CadastralData[KeyName]); name != "" {
			s.RecognizedName = domain.NullString(name)
		}
	}
	return s
}

// agentFor is the agent that answers in the session's state: the assigned one,
// or the state's default for sessions written without one.
func agentFor(s domain.Session) domain.AgentName {
	if s.CurrentAgent != "" {
		return s.CurrentAgent
	}
	switch s.State {
	case domain.StateNew:
		return domain.AgentTriage
	case domain.StateDataCollect, domain.StateCompleted:
		return domain.AgentRegistrar
	default:
		return domain.AgentQualifier
	}
}

// burst is the customer's texts of this turn as one message.
func (in Input) burst() string {
	parts := make([]string, 0, len(in.Customer))
	for _, c := range in.Customer {
		if c = strings.TrimSpace(c); c != "" {
			parts = append(parts, c)
		}
	}
	return strings.Join(parts, "\n")
}

// errNoPrompt reports an agent without instructions.
func errNoPrompt(agent domain.AgentName) error {
	return fmt.Errorf("conversation: agent %s has no prompt", agent)
}
