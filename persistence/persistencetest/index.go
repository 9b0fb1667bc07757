package persistencetest

import (
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// projection is a CRM projection item, indexed by status and due time.
func projection(id, status, due string) persistence.Item {
	attrs := map[string]any{"session_id": id}
	if status != "" {
		attrs[persistence.AttrGSI1PK] = status
	}
	if due != "" {
		attrs[persistence.AttrGSI1SK] = due
	}
	return item("CRM_SYNC#"+id, "META", attrs)
}

// sessionIDs returns the session_id of each item, in order.
func sessionIDs(items []persistence.Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		if s, ok := it["session_id"].(*types.AttributeValueMemberS); ok {
			out[i] = s.Value
		}
	}
	return out
}

func queryIndex(t *testing.T, tbl persistence.Table, q persistence.IndexQuery) []string {
	t.Helper()
	page, err := tbl.QueryIndex(t.Context(), q)
	if err != nil {
		t.Fatalf("QueryIndex(%+v): %v", q, err)
	}
	if page.Next != "" {
		t.Fatalf("QueryIndex(%+v) has a next page; want one page", q)
	}
	return sessionIDs(page.Items)
}

func testQueryIndex(t *testing.T, tbl persistence.Table) {
	put(t, tbl,
		projection("1", "PENDING", "2024-01-01T00:00:03Z"),
		projection("2", "PENDING", "2024-01-01T00:00:01Z"),
		projection("3", "PENDING", "2024-01-01T00:00:02Z"),
		projection("4", "DONE", "2024-01-01T00:00:00Z"),
		projection("5", "", ""),           // not indexed
		projection("6", "PENDING", ""),    // sparse index: needs both keys
		projection("7", "", "2024-01-01"), // idem
	)
	tests := []struct {
		q    persistence.IndexQuery
		want []string
	}{
		{persistence.IndexQuery{GSI1PK: "PENDING"}, []string{"2", "3", "1"}},
		{persistence.IndexQuery{GSI1PK: "PENDING", SKUpTo: "2024-01-01T00:00:02Z"}, []string{"2", "3"}}, // inclusive
		{persistence.IndexQuery{GSI1PK: "PENDING", SKUpTo: "2024-01-01T00:00:00Z"}, []string{}},
		{persistence.IndexQuery{GSI1PK: "PENDING", Descending: true}, []string{"1", "3", "2"}},
		{persistence.IndexQuery{GSI1PK: "PENDING", SKUpTo: "2024-01-01T00:00:02Z", Descending: true}, []string{"3", "2"}},
		{persistence.IndexQuery{GSI1PK: "DONE"}, []string{"4"}},
		{persistence.IndexQuery{GSI1PK: "UNKNOWN"}, []string{}},
	}
	for _, tc := range tests {
		if got := queryIndex(t, tbl, tc.q); !slices.Equal(got, tc.want) {
			t.Errorf("QueryIndex(%+v) = %q; want %q", tc.q, got, tc.want)
		}
	}
	// Index queries return whole items, though the index holds only keys;
	// a reader that goes on by key can ask for the keys alone.
	page, err := tbl.QueryIndex(t.Context(), persistence.IndexQuery{GSI1PK: "DONE"})
	if err != nil || len(page.Items) != 1 {
		t.Fatalf("QueryIndex DONE = %d items, %v", len(page.Items), err)
	}
	wantItem(t, page.Items[0], projection("4", "DONE", "2024-01-01T00:00:00Z"))
	page, err = tbl.QueryIndex(t.Context(), persistence.IndexQuery{GSI1PK: "DONE", KeysOnly: true})
	if err != nil || len(page.Items) != 1 {
		t.Fatalf("QueryIndex DONE, keys only = %d items, %v", len(page.Items), err)
	}
	keysOnly := projection("4", "DONE", "2024-01-01T00:00:00Z")
	delete(keysOnly, "session_id")
	wantItem(t, page.Items[0], keysOnly)
}

func testQueryIndexFollowsUpdates(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	put(t, tbl, projection("1", "PENDING", "2024-01-01T00:00:01Z"), projection("2", "PENDING", "2024-01-01T00:00:02Z"))
	// Postpone 1 past 2, finish 2, then index 3 through Update.
	if _, err := tbl.Update(ctx, persistence.Key{PK: "CRM_SYNC#1", SK: "META"},
		persistence.Update{Set: map[string]any{persistence.AttrGSI1SK: "2024-01-01T00:00:09Z"}}, nil); err != nil {
		t.Fatalf("Update: %v", err)
	}
	if _, err := tbl.Update(ctx, persistence.Key{PK: "CRM_SYNC#2", SK: "META"},
		persistence.Update{Remove: []string{persistence.AttrGSI1PK, persistence.AttrGSI1SK}}, nil); err != nil {
		t.Fatalf("Update: %v", err)
	}
	if _, err := tbl.Update(ctx, persistence.Key{PK: "CRM_SYNC#3", SK: "META"}, persistence.Update{Set: map[string]any{
		"session_id": "3", persistence.AttrGSI1PK: "PENDING", persistence.AttrGSI1SK: "2024-01-01T00:00:05Z",
	}}, nil); err != nil {
		t.Fatalf("Update: %v", err)
	}
	if got, want := queryIndex(t, tbl, persistence.IndexQuery{GSI1PK: "PENDING"}), []string{"3", "1"}; !slices.Equal(got, want) {
		t.Fatalf("QueryIndex after updates = %q; want %q", got, want)
	}
	if err := tbl.Delete(ctx, persistence.Key{PK: "CRM_SYNC#3", SK: "META"}, nil); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if got, want := queryIndex(t, tbl, persistence.IndexQuery{GSI1PK: "PENDING"}), []string{"1"}; !slices.Equal(got, want) {
		t.Fatalf("QueryIndex after delete = %q; want %q", got, want)
	}
}

func testQueryIndexPaging(t *testing.T, tbl persistence.Table) {
	var want []string
	for i, due := range keys("2024-01-01T00:00:", 25) {
		id := keys("", 25)[24-i] // table keys in the opposite order of gsi1sk
		put(t, tbl, projection(id, "PENDING", due+"Z"))
		want = append(want, id)
	}
	put(t, tbl, projection("late", "PENDING", "2024-12-31T00:00:00Z"))
	q := persistence.IndexQuery{GSI1PK: "PENDING", SKUpTo: "2024-06-01", Limit: 10}
	got := collect(t, 10, func(cursor string) (persistence.Page, error) {
		q.Cursor = cursor
		return tbl.QueryIndex(t.Context(), q)
	})
	if !slices.Equal(sessionIDs(got), want) {
		t.Fatalf("paged QueryIndex = %q; want %q", sessionIDs(got), want)
	}
	q = persistence.IndexQuery{GSI1PK: "PENDING", SKUpTo: "2024-06-01", Descending: true, Limit: 10}
	got = collect(t, 10, func(cursor string) (persistence.Page, error) {
		q.Cursor = cursor
		return tbl.QueryIndex(t.Context(), q)
	})
	slices.Reverse(want)
	if !slices.Equal(sessionIDs(got), want) {
		t.Fatalf("paged descending QueryIndex = %q; want %q", sessionIDs(got), want)
	}
}
