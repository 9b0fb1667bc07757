package persistence

import (
	"context"
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// HandoffIndexPK is the gsi1 partition of the conversations handed to people:
// every session waiting for one (see Waiting) or in HUMAN (held by an
// operator). The
// session encoder adds and removes the index keys with the state, so the
// queue is one index query, never a scan, and it is as small as the work
// waiting for operators.
const HandoffIndexPK = "HANDOFF"

// HandoffIndexSK orders the handoff partition by the time each session entered
// it, oldest first; the session ID keeps two handoffs of the same instant
// apart.
func HandoffIndexSK(s domain.Session) string {
	return FormatTime(s.HandoffSince()) + "#" + s.SessionID
}

// inHandoffQueue reports whether s belongs in the handoff partition: it
// waits for an operator, or one holds it.
func inHandoffQueue(s domain.Session) bool {
	return s.Waiting() || s.State == domain.StateHuman
}

// HandoffQueue reads the handoff partition. Writes need no method: saving a
// session in HANDOFF or HUMAN indexes it, saving it in any other state takes
// it out. It is safe for concurrent use.
//
// The index is eventually consistent on DynamoDB: a session saved a moment
// ago may be missing from List, which Position allows for.
type HandoffQueue struct {
	table Table
}

// NewHandoffQueue returns the handoff queue over table.
func NewHandoffQueue(table Table) *HandoffQueue { return &HandoffQueue{table: table} }

// List returns every waiting session and every one in HUMAN, oldest handoff
// first.
func (q *HandoffQueue) List(ctx context.Context) ([]domain.Session, error) {
	return q.sessions(ctx, "")
}

// Position returns the 1-based place of s among the waiting sessions: 1 plus
// the waiting sessions that entered before it. Sessions held by an operator
// (HUMAN) are not waiting and do not count. It is 0 when s itself is not
// waiting.
//
// Position takes the session rather than its ID so that a session saved a
// moment ago, which the eventually consistent index may not list yet, still
// gets its place.
func (q *HandoffQueue) Position(ctx context.Context, s domain.Session) (int, error) {
	if !s.Waiting() {
		return 0, nil
	}
	ahead, err := q.sessions(ctx, HandoffIndexSK(s))
	if err != nil {
		return 0, err
	}
	pos := 1
	for _, other := range ahead {
		if other.Waiting() && other.SessionID != s.SessionID {
			pos++
		}
	}
	return pos, nil
}

// sessions reads the partition, up to and including the sort key upTo when
// it is set.
func (q *HandoffQueue) sessions(ctx context.Context, upTo string) ([]domain.Session, error) {
	items, err := queryIndexAll(ctx, q.table, IndexQuery{GSI1PK: HandoffIndexPK, SKUpTo: upTo}, 0)
	if err != nil {
		return nil, fmt.Errorf("persistence: handoff queue: %w", err)
	}
	sessions := make([]domain.Session, 0, len(items))
	for _, item := range items {
		s, err := DecodeSession(item)
		if err != nil {
			return nil, err
		}
		if inHandoffQueue(s) {
			sessions = append(sessions, s)
		}
	}
	return sessions, nil
}
