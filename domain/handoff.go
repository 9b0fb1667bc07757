package domain

import "time"

// HandoffSince is when the conversation entered the handoff queue: HandoffAt,
// or UpdatedAt for records written before handoff_at existed, which is the
// best time such a record knows.
func (s Session) HandoffSince() time.Time {
	if s.HandoffAt != nil {
		return s.HandoffAt.UTC()
	}
	return s.UpdatedAt.UTC()
}

// Waiting reports whether s waits for an operator: handed off (HANDOFF), or
// registered and handed over for the sale (COMPLETED with DATA_COMPLETE,
// where the registrar still answers corrections until someone claims it).
// This one rule decides the queue position, the claim button and the
// renotifications.
func (s Session) Waiting() bool {
	return s.State == StateHandoff || (s.State == StateCompleted && s.HandoffReason == HandoffDataComplete)
}
