package persistence

import (
	"context"
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// UnindexedPage is one page of Sessions.Unindexed.
type UnindexedPage struct {
	// Sessions are the page's session snapshots that the index lacks.
	Sessions []domain.Session
	// Matched is how many items the page's filter kept, sessions or not:
	// what the scan read, for the caller's report.
	Matched int
	// Next is the cursor of the next page, "" at the end of the table.
	Next string
}

// unindexed keeps the items that have a session's attributes and no gsi1
// keys: a session a release before the session index stored. Other kinds of
// item can pass it too; Unindexed keeps only session snapshots.
var unindexed = And(Exists("state"), Exists("phone_number"), Exists("created_at"), NotExists(AttrGSI1PK))

// Unindexed reads one page of a scan of the whole table, limit items read
// before the filter from cursor, for the sessions a release before the
// session index stored. Such a session (a closed one above all, which its
// conversation never saves again) is missing from the conversation lists and
// from search until it is saved again (Save), which indexes it and writes
// its lookups. It scans the table: maintenance, run once after an upgrade,
// never on a turn's path.
func (r *Sessions) Unindexed(ctx context.Context, cursor string, limit int32) (UnindexedPage, error) {
	filter := unindexed
	page, err := r.table.Scan(ctx, Scan{Filter: &filter, Limit: limit, Cursor: cursor})
	if err != nil {
		return UnindexedPage{}, fmt.Errorf("persistence: scan for unindexed sessions: %w", err)
	}
	out := UnindexedPage{Matched: len(page.Items), Next: page.Next}
	for _, item := range page.Items {
		if KindOf(item) != KindSession {
			continue
		}
		s, err := DecodeSession(item)
		if err != nil {
			return UnindexedPage{}, err
		}
		out.Sessions = append(out.Sessions, s)
	}
	return out, nil
}
