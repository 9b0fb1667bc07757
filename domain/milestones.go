package domain

import (
	"slices"
	"time"
)

// Milestones are the moments of a conversation the owner's reports count,
// kept on the session so a report is a sum of sessions: no message log is
// read to draw a funnel. Each is set once, the first time it happens, in the
// same write as the change it marks, so recording them costs no table
// request. Not a spec field: left out of the item and of JSON while empty,
// and absent from records of older releases, which read with none (their
// conversations count by state).
type Milestones struct {
	// QualifiedAt is when the qualifier identified a service the catalogue
	// offers (the conversation left qualification for data collection).
	QualifiedAt *time.Time `dynamodbav:"qualified_at,omitempty" json:"qualified_at,omitempty"`
	// DataCompleteAt is when the registration data was complete and valid.
	DataCompleteAt *time.Time `dynamodbav:"data_complete_at,omitempty" json:"data_complete_at,omitempty"`
	// FirstOperatorReplyAt is the first message an operator sent the
	// customer after the handoff: the end of the handoff wait.
	FirstOperatorReplyAt *time.Time `dynamodbav:"first_operator_reply_at,omitempty" json:"first_operator_reply_at,omitempty"`
	// LastCustomerAt is the customer's latest message: a conversation quiet
	// for ABANDON_AFTER before its data was complete is abandoned.
	LastCustomerAt *time.Time `dynamodbav:"last_customer_at,omitempty" json:"last_customer_at,omitempty"`
	// Usage is what the model cost this conversation, per model: answers,
	// superseded ones included, and transcribed voice notes.
	Usage []ModelUsage `dynamodbav:"usage,omitempty" json:"usage,omitempty"`
}

// ModelUsage is the model usage of one conversation on one model.
type ModelUsage struct {
	Model        string `dynamodbav:"model" json:"model"`
	Calls        int    `dynamodbav:"calls" json:"calls"`
	TokensInput  int64  `dynamodbav:"tokens_input" json:"tokens_input"`
	TokensOutput int64  `dynamodbav:"tokens_output" json:"tokens_output"`
}

// clone is a deep copy of m, for Session.Clone.
func (m Milestones) clone() Milestones {
	m.QualifiedAt = clonePointer(m.QualifiedAt)
	m.DataCompleteAt = clonePointer(m.DataCompleteAt)
	m.FirstOperatorReplyAt = clonePointer(m.FirstOperatorReplyAt)
	m.LastCustomerAt = clonePointer(m.LastCustomerAt)
	m.Usage = slices.Clone(m.Usage)
	return m
}

// IsZero reports whether nothing is recorded: such milestones are left out
// of the session's item and JSON.
func (m Milestones) IsZero() bool {
	return m.QualifiedAt == nil && m.DataCompleteAt == nil && m.FirstOperatorReplyAt == nil &&
		m.LastCustomerAt == nil && len(m.Usage) == 0
}
