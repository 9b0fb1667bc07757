package handoff

import (
	"context"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Queue is the handoff queue: the conversations waiting for an operator
// (domain.Session.Waiting), ordered by the time they were handed off, and those an operator
// holds (HUMAN). It reads the gsi1 partition "HANDOFF" that the persistence
// layer maintains as sessions change state, so it is one index query and
// never a scan. It is safe for concurrent use.
type Queue struct {
	index *persistence.HandoffQueue
}

// NewQueue returns the handoff queue over table.
func NewQueue(table persistence.Table) *Queue {
	return &Queue{index: persistence.NewHandoffQueue(table)}
}

// Entry is one conversation of the queue as the operator console shows it.
type Entry struct {
	SessionID   string
	PhoneNumber string
	Instance    string
	// Name is the customer's name when the conversation knows it, else "".
	Name    string
	Service string
	Reason  domain.HandoffReason
	State   domain.SessionState
	// WaitingSince is when the conversation was handed off.
	WaitingSince time.Time
	// AssignedTo is the operator holding the conversation, "" while queued.
	AssignedTo string
	// Assigned: automatic assignment gave it to AssignedTo, who has not
	// taken it up yet.
	Assigned bool
	// Position is the 1-based place among the waiting conversations; 0 for
	// conversations an operator holds.
	Position int
	// Renotifications counts the reminders sent so far.
	Renotifications int
	// Labels are the operators' labels on the conversation.
	Labels []string
}

// List returns the queue: every conversation waiting or in HUMAN, oldest
// handoff first, waiting ones numbered by position.
func (q *Queue) List(ctx context.Context) ([]Entry, error) {
	sessions, err := q.index.List(ctx)
	if err != nil {
		return nil, err
	}
	entries := make([]Entry, 0, len(sessions))
	waiting := 0
	for _, s := range sessions {
		e := Entry{
			SessionID:       s.SessionID,
			PhoneNumber:     s.PhoneNumber,
			Instance:        s.MessagingInstance,
			Name:            CustomerName(s),
			Service:         string(s.ServiceIdentified),
			Reason:          s.HandoffReason,
			State:           s.State,
			WaitingSince:    s.HandoffSince(),
			AssignedTo:      string(s.AssignedTo),
			Assigned:        s.AssignedAt != nil,
			Renotifications: s.HandoffRenotificationCount,
			Labels:          s.Labels,
		}
		if s.Waiting() {
			waiting++
			e.Position = waiting
		}
		entries = append(entries, e)
	}
	return entries, nil
}

// QueuePosition returns the 1-based place of the session among the
// waiting conversations, or 0 when it is not waiting (held by an
// operator, in another state, or unknown to the index).
func (q *Queue) QueuePosition(ctx context.Context, sessionID string) (int, error) {
	entries, err := q.List(ctx)
	if err != nil {
		return 0, err
	}
	for _, e := range entries {
		if e.SessionID == sessionID {
			return e.Position, nil
		}
	}
	return 0, nil
}

// Position returns the place of s among the waiting conversations, 0 when s
// is not waiting. Unlike QueuePosition it needs no index entry for s
// itself, so a session saved a moment ago (DynamoDB's index is eventually
// consistent) still gets the right place; the handoff child uses it.
func (q *Queue) Position(ctx context.Context, s domain.Session) (int, error) {
	return q.index.Position(ctx, s)
}
