package agent

import (
	"errors"
	"fmt"
	"strings"
)

// Agent names: which prompt a Request carries (docs/architecture.md,
// "Conversation contract").
const (
	AgentTriage     = "TRIAGE"
	AgentQualifier  = "QUALIFIER"
	AgentRegistrar  = "REGISTRAR"
	AgentSummarizer = "SUMMARIZER"
)

// Roles of a Turn in the history.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// ErrBadRequest reports a Request that no model should receive; Call returns
// it (wrapped) without calling anything, and retrying cannot help.
var ErrBadRequest = errors.New("agent: invalid model request")

// Request is everything one model call needs, built by the session actor on
// flush: the agent's system prompt, the conversation so far, the knowledge
// packages injected in this session and a few session facts.
//
// It is an immutable value once sent: it travels between actors, so the
// sender must not modify its slices (or their backing arrays) afterwards;
// build fresh slices for the next request instead of appending in place.
type Request struct {
	// Agent is the agent whose prompt this is (AgentTriage, ...).
	Agent string
	// Instructions is the agent's system prompt, format rules included: the
	// answer format is taught by the prompt, never by a response schema.
	Instructions string
	// History is the conversation, oldest first, without superseded outbound
	// messages. Texts are sent verbatim.
	History []Turn
	// Packages are the knowledge packages injected so far, in injection order.
	Packages []Package
	// Facts describe the session (state, identified service, data collected
	// so far), rendered in the given order after the packages.
	Facts []Fact
}

// Turn is one message of the history.
type Turn struct {
	// Role is RoleUser for the customer, RoleAssistant for what the agent sent.
	Role string
	Text string
}

// Package is one knowledge package of the service catalogue.
type Package struct {
	ID      string
	Content string
}

// Fact is one named piece of session state shown to the model. Facts are an
// ordered list rather than a map so the prompt is byte-identical for the same
// session (prompt caching, golden tests) and the value shares no mutable map.
type Fact struct {
	Name  string
	Value string
}

// Validate reports, wrapped in ErrBadRequest, the first reason why req cannot
// be sent: an unknown agent, no instructions, no history, an unknown role or a
// package without ID.
func (r Request) Validate() error {
	switch r.Agent {
	case AgentTriage, AgentQualifier, AgentRegistrar, AgentSummarizer:
	default:
		return fmt.Errorf("%w: unknown agent %q", ErrBadRequest, r.Agent)
	}
	if strings.TrimSpace(r.Instructions) == "" {
		return fmt.Errorf("%w: agent %s has no instructions", ErrBadRequest, r.Agent)
	}
	if len(r.History) == 0 {
		return fmt.Errorf("%w: empty history", ErrBadRequest)
	}
	for i, t := range r.History {
		if t.Role != RoleUser && t.Role != RoleAssistant {
			return fmt.Errorf("%w: history[%d] has role %q", ErrBadRequest, i, t.Role)
		}
	}
	for i, p := range r.Packages {
		if strings.TrimSpace(p.ID) == "" {
			return fmt.Errorf("%w: packages[%d] has no ID", ErrBadRequest, i)
		}
	}
	return nil
}
