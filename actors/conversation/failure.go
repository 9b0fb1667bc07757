package conversation

import (
	"errors"

	"github.com/intake-runtime/intake/domain"
)

// Failure is the outcome of a turn the model could not serve: the call failed,
// or its answers could not be parsed after the actor's retry. The customer
// gets the configured fallback text, never the raw answer, and a person takes
// over (HANDOFF, AGENT_FAILURE, with a summary); Illegal holds the cause for
// the log. The session is otherwise kept as loaded (a pending subject change
// stays visible to the operator). In the silent states it sends nothing and
// changes nothing.
func (e *Engine) Failure(in Input, cause error) Outcome {
	out := Outcome{Session: in.Session.Clone()}
	if cause != nil {
		out.Illegal = cause.Error()
	}
	if Silent(in.Session.State) {
		return out
	}
	out.handOff(domain.HandoffAgentFailure)
	out.Reply = e.cfg.FallbackText
	return out
}

// refused is Failure for an answer that broke the contract, with the reason.
func (e *Engine) refused(in Input, why string) Outcome {
	return e.Failure(in, errors.New(why))
}
