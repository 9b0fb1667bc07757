package persistence_test

import (
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// Unindexed finds the sessions stored without index keys, and only them,
// across pages; once saved again they are indexed and no longer found.
func TestUnindexedFindsSessionsWithoutIndexKeys(t *testing.T) {
	ctx := t.Context()
	table := memory.New()
	sessions := persistence.NewSessions(table)
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	indexed := domain.NewSession("indexed", "+5511966660001", "instance_a", at)
	if _, err := sessions.Create(ctx, indexed); err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"legacy-1", "legacy-2", "legacy-3"} {
		legacy := domain.NewSession(id, "+551196666001"+string(rune('0'+i)), "instance_a", at)
		legacy.State = domain.StateClosed
		item, err := persistence.EncodeSession(legacy)
		if err != nil {
			t.Fatal(err)
		}
		delete(item, persistence.AttrGSI1PK)
		delete(item, persistence.AttrGSI1SK)
		if err := table.Put(ctx, item, nil); err != nil {
			t.Fatal(err)
		}
	}

	unindexed := func() []domain.Session {
		var all []domain.Session
		cursor := ""
		for {
			page, err := sessions.Unindexed(ctx, cursor, 2) // several pages
			if err != nil {
				t.Fatal(err)
			}
			if page.Matched < len(page.Sessions) {
				t.Fatalf("page matched %d items and holds %d sessions", page.Matched, len(page.Sessions))
			}
			all = append(all, page.Sessions...)
			if page.Next == "" {
				return all
			}
			cursor = page.Next
		}
	}
	var ids []string
	for _, s := range unindexed() {
		ids = append(ids, s.SessionID)
		if s.State != domain.StateClosed {
			t.Errorf("session %s decoded in state %s, want CLOSED", s.SessionID, s.State)
		}
		if _, err := sessions.Save(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(ids)
	if want := []string{"legacy-1", "legacy-2", "legacy-3"}; !slices.Equal(ids, want) {
		t.Fatalf("Unindexed = %v, want %v", ids, want)
	}
	if left := unindexed(); len(left) != 0 {
		t.Fatalf("after saving them again, Unindexed = %d sessions, want none", len(left))
	}
}
