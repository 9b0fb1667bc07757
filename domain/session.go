package domain

import "time"

// Session is the conversation record (spec "Session"). Field names are the
// spec's, in the table and in JSON alike.
//
// Null fields (NullString, the enum types' empty value, nil pointers and maps)
// are left out of stored items; items written by older releases may hold them
// as NULL instead, and both read back as null. The spec's one explicit rule,
// "handoff_customer_renotified_at is omitted when null", is also kept in JSON.
//
// SessionID, PhoneNumber, MessagingInstance, CreatedAt and PreviousSessionID
// are immutable: set them in NewSession (or before persistence's
// Sessions.Create) and never change them, since keys and the history chain
// are derived from them.
type Session struct {
	SessionID         string    `dynamodbav:"session_id" json:"session_id"`
	PhoneNumber       string    `dynamodbav:"phone_number" json:"phone_number"`
	MessagingInstance string    `dynamodbav:"messaging_instance" json:"messaging_instance"`
	CreatedAt         time.Time `dynamodbav:"created_at" json:"created_at"`

	State        SessionState `dynamodbav:"state" json:"state"`
	CurrentAgent AgentName    `dynamodbav:"current_agent,omitempty" json:"current_agent"`
	// Segment and Intent are the triage classification, free strings here:
	// their value sets are catalogue data, not code.
	Segment           NullString `dynamodbav:"segment,omitempty" json:"segment"`
	Intent            NullString `dynamodbav:"intent,omitempty" json:"intent"`
	ServiceIdentified NullString `dynamodbav:"service_identified,omitempty" json:"service_identified"`

	QualificationData      map[string]any `dynamodbav:"qualification_data" json:"qualification_data"`
	CadastralData          map[string]any `dynamodbav:"cadastral_data" json:"cadastral_data"`
	CollectedPackages      []string       `dynamodbav:"collected_packages" json:"collected_packages"`
	ContextEnrichmentCount int            `dynamodbav:"context_enrichment_count" json:"context_enrichment_count"`

	UpdatedAt time.Time  `dynamodbav:"updated_at" json:"updated_at"`
	ClosedAt  *time.Time `dynamodbav:"closed_at,omitempty" json:"closed_at"`

	HandoffReason               HandoffReason `dynamodbav:"handoff_reason,omitempty" json:"handoff_reason"`
	AssignedTo                  NullString    `dynamodbav:"assigned_to,omitempty" json:"assigned_to"`
	HandoffRenotifiedAt         *time.Time    `dynamodbav:"handoff_renotified_at,omitempty" json:"handoff_renotified_at"`
	HandoffRenotificationCount  int           `dynamodbav:"handoff_renotification_count" json:"handoff_renotification_count"`
	HandoffCustomerRenotifiedAt *time.Time    `dynamodbav:"handoff_customer_renotified_at,omitempty" json:"handoff_customer_renotified_at,omitempty"`
	// HandoffAt is when the conversation last entered HANDOFF: it orders the
	// handoff queue (gsi1 "HANDOFF"). Not a spec field, so it is left out when
	// null; records of older releases lack it and queue by updated_at.
	HandoffAt *time.Time `dynamodbav:"handoff_at,omitempty" json:"handoff_at,omitempty"`
	// AssignedAt is when automatic assignment (ASSIGNMENT=round_robin) gave
	// the conversation to AssignedTo, while that operator has not taken it
	// up: their first command on it clears it, and an assignment still set
	// after HANDOFF_SLA returns to the queue. Nil for a claimed
	// conversation. Not a spec field: left out when null.
	AssignedAt *time.Time `dynamodbav:"assigned_at,omitempty" json:"assigned_at,omitempty"`
	// AssignmentPassed are the operators an assignment of this conversation
	// lapsed with, so it goes to the next one. Not a spec field: left out
	// when empty.
	AssignmentPassed []string `dynamodbav:"assignment_passed,omitempty" json:"assignment_passed,omitempty"`
	// ReplyTo is the number the platform last gave for this conversation
	// when it is not PhoneNumber, the person's identity (a Brazilian mobile
	// the platform gave without its ninth digit): replies go there, since the
	// platform delivers to the form it gave. Not a spec field, so left out
	// when empty; records of older releases lack it and reply to PhoneNumber.
	ReplyTo string `dynamodbav:"reply_to,omitempty" json:"reply_to,omitempty"`

	// ClosedBy is the operator whose CLOSE ended the conversation, the one
	// a customer who writes back within the reopen window returns to; empty
	// for sessions the bot or a reset closed. CSATAskedAt is when the
	// satisfaction question went out with the close; CSATScore (1–5) and
	// CSATAnsweredAt the customer's answer; CSATCommentAt when the one
	// comment after it reached the operator as a note. None is a spec
	// field: all are left out when empty, and records of older releases
	// read without them (no question asked, no answer).
	ClosedBy       NullString `dynamodbav:"closed_by,omitempty" json:"closed_by,omitempty"`
	CSATAskedAt    *time.Time `dynamodbav:"csat_asked_at,omitempty" json:"csat_asked_at,omitempty"`
	CSATScore      int        `dynamodbav:"csat_score,omitempty" json:"csat_score,omitempty"`
	CSATAnsweredAt *time.Time `dynamodbav:"csat_answered_at,omitempty" json:"csat_answered_at,omitempty"`
	CSATCommentAt  *time.Time `dynamodbav:"csat_comment_at,omitempty" json:"csat_comment_at,omitempty"`

	ERPSynced        bool           `dynamodbav:"erp_synced" json:"erp_synced"`
	CRMSynced        bool           `dynamodbav:"crm_synced" json:"crm_synced"`
	CRMContactID     NullString     `dynamodbav:"crm_contact_id,omitempty" json:"crm_contact_id"`
	CRMDealID        NullString     `dynamodbav:"crm_deal_id,omitempty" json:"crm_deal_id"`
	CRMTerminalStage NullString     `dynamodbav:"crm_terminal_stage,omitempty" json:"crm_terminal_stage"`
	ERPPayload       map[string]any `dynamodbav:"erp_payload,omitempty" json:"erp_payload"`
	CRMPayload       map[string]any `dynamodbav:"crm_payload,omitempty" json:"crm_payload"`

	OperationalSummary Summary `dynamodbav:"operational_summary,omitempty" json:"operational_summary"`

	PreviousSessionID        NullString `dynamodbav:"previous_session_id,omitempty" json:"previous_session_id"`
	RecognizedName           NullString `dynamodbav:"recognized_name,omitempty" json:"recognized_name"`
	PendingSubjectChangeText NullString `dynamodbav:"pending_subject_change_text,omitempty" json:"pending_subject_change_text"`
	RetryCount               int        `dynamodbav:"retry_count" json:"retry_count"`

	// SearchKeys are the keys ("pk|sk") of the session's search lookup
	// items (persistence's search.go), so a save rewrites them only when they change. Not a
	// spec field: left out of JSON, and absent until a document or name is
	// collected.
	SearchKeys []string `dynamodbav:"search_keys,omitempty" json:"-"`

	// Labels are the operators' free labels on the conversation, in the
	// order they were added (labels.go says what a label is). Not a spec
	// field, so left out of the item when empty; records of older releases
	// lack it and read with none. The admin API shows it as a list, empty
	// rather than null.
	Labels []string `dynamodbav:"labels,omitempty" json:"labels"`

	// Milestones are what the owner's reports count (milestones.go).
	Milestones Milestones `dynamodbav:"milestones,omitempty" json:"milestones,omitzero"`

	// Version counts the stored writes of this session. persistence's
	// Sessions.Save writes only over the version it loaded, so a stale actor
	// cannot overwrite a newer state. Records of older releases lack it and
	// read as 0.
	Version int64 `dynamodbav:"version" json:"version"`
}

// NewSession returns a fresh session with the spec's defaults: state NEW, empty
// data objects and package list, counters 0, flags false, and created_at and
// updated_at at now (in UTC).
func NewSession(id, phone, instance string, now time.Time) Session {
	now = now.UTC()
	s := Session{
		SessionID:         id,
		PhoneNumber:       phone,
		MessagingInstance: instance,
		CreatedAt:         now,
		UpdatedAt:         now,
	}
	s.Normalize()
	return s
}

// Normalize applies the defaults of fields a record may lack or hold as null,
// so a session of any release reads with the current shape.
func (s *Session) Normalize() {
	if s.State == "" {
		s.State = StateNew
	}
	if s.QualificationData == nil {
		s.QualificationData = map[string]any{}
	}
	if s.CadastralData == nil {
		s.CadastralData = map[string]any{}
	}
	if s.CollectedPackages == nil {
		s.CollectedPackages = []string{}
	}
	if s.UpdatedAt.IsZero() {
		s.UpdatedAt = s.CreatedAt
	}
}
