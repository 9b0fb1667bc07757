package session

import (
	"github.com/intake-runtime/intake/domain"
)

// remember returns the part of a session's log a conversation keeps in
// memory between turns: what the model's history shows (customer messages
// and what the customer was sent), the customer messages that date the
// 24-hour window, and the replies still to send. Errored, superseded and
// system entries and the audit fields (raw model answers, parsed JSON,
// knowledge packages) stay in the table only: kept in memory they would
// roughly double what every live conversation costs, for nothing a turn
// reads.
func remember(log []domain.Message, into []domain.Message) []domain.Message {
	for _, m := range log {
		if m.Direction == domain.DirectionSystem || (m.Error != "" && !m.Unfinished()) {
			continue
		}
		m.LLMRawResponse, m.LLMParsedJSON, m.ContextPackagesActive, m.DebouncedWith = "", nil, nil, nil
		into = append(into, m)
	}
	return into
}
