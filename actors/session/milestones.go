package session

import (
	"time"

	"github.com/intake-runtime/intake/domain"
)

// recordMilestones marks on s the moments its commit reaches for the first
// time, from the state the commit leaves and the log items it writes. Every
// change to a session goes through a commit, so the reports that sum these
// moments see every conversation; recording them rides on the session write
// the commit makes anyway.
func recordMilestones(s *domain.Session, logged []domain.Message, now time.Time) {
	m := &s.Milestones
	if dataComplete(*s) {
		setOnce(&m.DataCompleteAt, now)
		setOnce(&m.QualifiedAt, now)
	}
	if s.State == domain.StateDataCollect {
		setOnce(&m.QualifiedAt, now)
	}
	for _, msg := range logged {
		switch {
		case msg.Direction == domain.DirectionInbound && msg.OperatorPhone == "":
			if m.LastCustomerAt == nil || msg.Timestamp.After(*m.LastCustomerAt) {
				at := msg.Timestamp.UTC()
				m.LastCustomerAt = &at
			}
		case msg.Direction == domain.DirectionOutbound && msg.OperatorPhone != "" && s.HandoffAt != nil:
			setOnce(&m.FirstOperatorReplyAt, msg.Timestamp)
		}
		if msg.LLMModel != "" {
			m.Usage = addUsage(m.Usage, msg)
		}
	}
}

// dataComplete reports whether s's registration data was found complete and
// valid: the registrar's COMPLETED, or the handoff it asks for at once.
func dataComplete(s domain.Session) bool {
	return s.State == domain.StateCompleted || s.HandoffReason == domain.HandoffDataComplete
}

// setOnce sets *at to t unless it is set already.
func setOnce(at **time.Time, t time.Time) {
	if *at == nil {
		t = t.UTC()
		*at = &t
	}
}

// addUsage adds a logged model call (an answer, superseded or not, or a
// transcribed voice note) to the usage of its model.
func addUsage(usage []domain.ModelUsage, msg domain.Message) []domain.ModelUsage {
	for i := range usage {
		if usage[i].Model == msg.LLMModel {
			usage[i].Calls++
			usage[i].TokensInput += int64(msg.TokensInput)
			usage[i].TokensOutput += int64(msg.TokensOutput)
			return usage
		}
	}
	return append(usage, domain.ModelUsage{Model: msg.LLMModel, Calls: 1,
		TokensInput: int64(msg.TokensInput), TokensOutput: int64(msg.TokensOutput)})
}
