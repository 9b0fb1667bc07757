package conversation

import (
	"fmt"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/domain"
)

// Action codes of the agents' answers (docs/architecture.md, "Conversation
// contract");
// agent defines the knowledge request, whose answer carries no text.
const (
	actContinue       = 0
	actService        = 1
	actRegistration   = 2
	actHuman          = 3
	actOutOfPortfolio = 4
	actKnowledge      = agent.ActionKnowledgeRequest
	actSubjectChange  = 6
	actFinished       = 9
)

// step applies one legal (state, action code) pair to a transition.
type step func(t *transition)

// rules is the transition table, the one place that says which action codes
// each state accepts and what they do; the package documentation shows it as
// a table. A pair missing here is illegal: the answer is refused.
var rules = map[domain.SessionState]map[int]step{
	domain.StateNew: {
		actContinue:       startQualifying,
		actService:        identifyService,
		actHuman:          handToPerson,
		actOutOfPortfolio: outOfPortfolio,
		actKnowledge:      askKnowledge,
		actFinished:       finish,
	},
	domain.StateQualifying: {
		actContinue:       reply,
		actService:        identifyService,
		actHuman:          handToPerson,
		actOutOfPortfolio: outOfPortfolio,
		actKnowledge:      askKnowledge,
		actSubjectChange:  holdSubject,
		actFinished:       finish,
	},
	domain.StateDataCollect: {
		actContinue:      reply,
		actRegistration:  register,
		actHuman:         handToPerson,
		actKnowledge:     askKnowledge,
		actSubjectChange: holdSubject,
		actFinished:      finish,
	},
	domain.StateCompleted: {
		actContinue:     reply,
		actRegistration: register,
		actHuman:        handToPerson,
		actKnowledge:    askKnowledge,
		actFinished:     finish,
	},
	domain.StateConfirmSubject: {
		actContinue:      confirmSubject,
		actHuman:         handToPerson,
		actKnowledge:     askKnowledge,
		actSubjectChange: holdSubject,
		actFinished:      finish,
	},
}

// transition is one Apply in progress.
type transition struct {
	e      *Engine
	in     Input
	answer agent.ParsedLLMResponse
	out    Outcome
	// refused is set by a step that finds the answer unusable after all.
	refused string
	// enrichmentFallback makes a refusal end with EnrichmentExhausted instead
	// of Failure: a knowledge loop is no reason to call a person.
	enrichmentFallback bool
	// refusedFields are the cadastral_data fields this answer reported with
	// an invalid value, by key, with their label for the retry text.
	refusedFields map[string]string
	// retried is set once the answer was met with the retry text (or the
	// VALIDATION_FAILED handoff), so one answer counts once in retry_count.
	retried bool
}

// refuse marks the answer unusable; Apply then returns the failure outcome.
func (t *transition) refuse(format string, args ...any) {
	t.refused = fmt.Sprintf(format, args...)
}

// Apply applies a parsed model answer to the session: the state machine, the
// merge of qualification_data and cadastral_data, and the side effects the
// actor must carry out. It never fails: an answer that breaks the contract
// (an unknown code, a code the state does not accept, no text where text is
// due, an unknown service, ...) yields the fallback outcome of Failure with
// Illegal saying why, and in the silent states (HANDOFF, HUMAN, CLOSED) an
// outcome that sends nothing and changes nothing.
func (e *Engine) Apply(in Input, answer agent.ParsedLLMResponse) Outcome {
	in.Session = e.resolveSubject(in)
	state := in.Session.State
	if Silent(state) {
		return Outcome{
			Session: in.Session.Clone(),
			Illegal: fmt.Sprintf("no answer is due in state %s (s=%d)", state, answer.S),
		}
	}
	do, ok := rules[state][answer.S]
	if !ok {
		return e.refused(in, fmt.Sprintf("action code s=%d is not allowed in state %s", answer.S, state))
	}
	if err := answer.Validate(); err != nil {
		return e.refused(in, err.Error())
	}
	t := &transition{e: e, in: in, answer: answer, out: Outcome{Session: in.Session.Clone()}}
	merge(t.out.Session.QualificationData, answer.JSONPart["qualification_data"])
	t.refusedFields = collectCadastral(t.out.Session.CadastralData, answer.JSONPart["cadastral_data"])
	do(t)
	t.retryAfterRefusal()
	switch {
	case t.refused != "" && t.enrichmentFallback:
		out := e.EnrichmentExhausted(in)
		out.Illegal = t.refused
		return out
	case t.refused != "":
		return e.refused(in, t.refused)
	}
	return t.out
}

// The steps, one per legal (state, code) meaning.

// reply sends the model's text, with the choices it offers, and stays.
func reply(t *transition) {
	t.out.Reply, t.out.Options = t.answer.Message, t.answer.Options()
}

// startQualifying: after triage's first answer the qualifier takes over.
func startQualifying(t *transition) {
	t.moveTo(domain.StateQualifying, domain.AgentQualifier)
	reply(t)
}

// handToPerson queues the conversation for operators at the customer's
// request.
func handToPerson(t *transition) {
	t.out.handOff(domain.HandoffCustomerRequest)
	reply(t)
}

// finish closes the conversation and asks for its summary.
func finish(t *transition) {
	t.close()
	reply(t)
}

// holdSubject keeps the customer's new request and asks for confirmation.
// The held text is the customer's burst, in their words, not the model's
// paraphrase; a second change while confirming replaces it.
func holdSubject(t *transition) {
	t.out.Session.PendingSubjectChangeText = domain.NullString(t.in.burst())
	t.out.Session.State = domain.StateConfirmSubject
	reply(t)
}

// confirmSubject is s=0 while a subject change waits: the model read an
// answer that was not a plain yes or no and may decide it with "confirm".
func confirmSubject(t *transition) {
	if yes, ok := t.answer.JSONPart["confirm"].(bool); ok {
		t.out.Session = decideSubject(t.out.Session, yes)
	}
	reply(t)
}

func (t *transition) moveTo(state domain.SessionState, agent domain.AgentName) {
	t.out.Session.State = state
	t.out.Session.CurrentAgent = agent
}

// handOff queues the conversation for operators for reason, with a summary:
// a step's handoff and Failure's alike.
func (out *Outcome) handOff(reason domain.HandoffReason) {
	out.Session.State = domain.StateHandoff
	out.Session.HandoffReason = reason
	out.Handoff = reason
	out.Summarize = true
}

func (t *transition) close() {
	t.out.Session = closeSession(t.out.Session, t.in.Now)
	t.out.Summarize = true
}
