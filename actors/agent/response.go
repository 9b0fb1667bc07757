package agent

import (
	"errors"
	"fmt"
)

// Errors of the answer format, wrapped with detail by Parse and Validate; test
// them with errors.Is. None of them may reach the customer: the caller retries
// the call, then falls back (docs/architecture.md, "Conversation contract").
var (
	// ErrNoJSON: the answer does not begin with a complete JSON object.
	ErrNoJSON = errors.New("agent: answer does not start with a JSON object")
	// ErrBadAction: the object has no s, or s is not an integer.
	ErrBadAction = errors.New("agent: answer has no integer action code s")
	// ErrBadQualificationData: qualification_data is present but not an object.
	ErrBadQualificationData = errors.New("agent: qualification_data is not an object")
	// ErrNoMessage: the action needs customer text and the answer has none.
	ErrNoMessage = errors.New("agent: answer has no customer text")
)

// ActionKnowledgeRequest is the action code that asks for knowledge packages
// (docs/architecture.md, "Conversation contract", s=5); it is the one answer the customer
// never sees, so it needs no text. The conversation rules use it too.
const ActionKnowledgeRequest = 5

// ParsedLLMResponse is a parsed model answer (spec names s, json_part,
// message).
type ParsedLLMResponse struct {
	// S is the action code.
	S int `json:"s"`
	// JSONPart is the whole leading object. Numbers are json.Number, so long
	// digit strings (documents, phones) keep every digit; qualification_data
	// is always a map[string]any, empty when the model left it out.
	JSONPart map[string]any `json:"json_part"`
	// Message is the customer-facing text after the object, trimmed; empty
	// when the model wrote none.
	Message string `json:"message"`
}

// QualificationData is JSONPart["qualification_data"], never nil after a
// successful Parse.
func (p ParsedLLMResponse) QualificationData() map[string]any {
	m, _ := p.JSONPart["qualification_data"].(map[string]any)
	return m
}

// RequiresText reports whether the action sends text to the customer, which
// is every action but the knowledge request (s=5).
func (p ParsedLLMResponse) RequiresText() bool {
	return p.S != ActionKnowledgeRequest
}

// Validate reports ErrNoMessage when the action needs customer text and the
// answer has none. Parse does not check this, so a caller can still log and
// inspect a well-formed answer whose text is missing; call Validate before
// acting on the answer.
func (p ParsedLLMResponse) Validate() error {
	if p.RequiresText() && p.Message == "" {
		return fmt.Errorf("%w (s=%d)", ErrNoMessage, p.S)
	}
	return nil
}
