package persistencetest

import (
	"slices"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

func testQueryOrder(t *testing.T, tbl persistence.Table) {
	// Byte order of UTF-8: uppercase before lowercase, "a#10" before "a#2",
	// multi-byte characters after ASCII.
	want := []string{"B", "Z", "a", "a#1", "a#10", "a#2", "b", "z", "é"}
	for _, sk := range []string{"é", "a#2", "z", "B", "a", "a#10", "Z", "b", "a#1"} {
		put(t, tbl, item("P", sk, nil))
	}
	put(t, tbl, item("P2", "a", nil), item("O", "a", nil)) // other partitions stay out

	page, err := tbl.Query(t.Context(), persistence.Query{PK: "P"})
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	if got := sortKeys(page.Items); !slices.Equal(got, want) || page.Next != "" {
		t.Fatalf("Query = %q (next %q); want %q and no next", got, page.Next, want)
	}
	page, err = tbl.Query(t.Context(), persistence.Query{PK: "P", Descending: true})
	if err != nil {
		t.Fatalf("Query descending: %v", err)
	}
	slices.Reverse(want)
	if got := sortKeys(page.Items); !slices.Equal(got, want) {
		t.Fatalf("Query descending = %q; want %q", got, want)
	}
	page, err = tbl.Query(t.Context(), persistence.Query{PK: "EMPTY"})
	if err != nil || len(page.Items) != 0 || page.Next != "" {
		t.Fatalf("Query of an empty partition = %d items, next %q, %v; want none", len(page.Items), page.Next, err)
	}
}

func testQueryPrefix(t *testing.T, tbl persistence.Table) {
	pk := "SESSION#5511999990000"
	for _, sk := range []string{"ACTIVE", "S#s1", "S#s10", "M#s1#2024-01-01T00:00:01Z#m1", "M#s1#2024-01-01T00:00:02Z#m2", "M#s10#2024-01-01T00:00:00Z#m3", "M#s2#x"} {
		put(t, tbl, item(pk, sk, nil))
	}
	tests := []struct {
		prefix string
		desc   bool
		want   []string
	}{
		{"M#s1#", false, []string{"M#s1#2024-01-01T00:00:01Z#m1", "M#s1#2024-01-01T00:00:02Z#m2"}},
		{"M#s1#", true, []string{"M#s1#2024-01-01T00:00:02Z#m2", "M#s1#2024-01-01T00:00:01Z#m1"}},
		{"S#", false, []string{"S#s1", "S#s10"}},
		{"ACTIVE", false, []string{"ACTIVE"}},
		{"N#", false, []string{}},
	}
	for _, tc := range tests {
		page, err := tbl.Query(t.Context(), persistence.Query{PK: pk, SKPrefix: tc.prefix, Descending: tc.desc})
		if err != nil {
			t.Fatalf("Query prefix %q: %v", tc.prefix, err)
		}
		if got := sortKeys(page.Items); !slices.Equal(got, tc.want) {
			t.Errorf("Query prefix %q descending %v = %q; want %q", tc.prefix, tc.desc, got, tc.want)
		}
	}
}

func testQueryPaging(t *testing.T, tbl persistence.Table) {
	want := keys("M#", 25)
	for _, sk := range want {
		put(t, tbl, item("P", sk, map[string]any{"body": sk}))
	}
	put(t, tbl, item("P", "A", nil), item("P", "N#1", nil)) // outside the prefix
	for _, desc := range []bool{false, true} {
		q := persistence.Query{PK: "P", SKPrefix: "M#", Descending: desc, Limit: 10}

		// Exact page sizes: 10, 10, 5, and no cursor after the last page.
		var sizes []int
		got := collect(t, 10, func(cursor string) (persistence.Page, error) {
			q.Cursor = cursor
			page, err := tbl.Query(t.Context(), q)
			sizes = append(sizes, len(page.Items))
			return page, err
		})
		wantKeys := slices.Clone(want)
		if desc {
			slices.Reverse(wantKeys)
		}
		if !slices.Equal(sortKeys(got), wantKeys) {
			t.Fatalf("paged Query descending %v = %q; want %q", desc, sortKeys(got), wantKeys)
		}
		if !slices.Equal(sizes, []int{10, 10, 5}) {
			t.Fatalf("paged Query descending %v page sizes = %v; want [10 10 5]", desc, sizes)
		}
	}
	// A limit that divides the items evenly may end with an empty page.
	got := collect(t, 5, func(cursor string) (persistence.Page, error) {
		return tbl.Query(t.Context(), persistence.Query{PK: "P", SKPrefix: "M#", Limit: 5, Cursor: cursor})
	})
	if !slices.Equal(sortKeys(got), want) {
		t.Fatalf("Query paged by 5 = %q; want %q", sortKeys(got), want)
	}
}

func testQueryRejectsInvalid(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	put(t, tbl, item("P", "S", nil))
	_, err := tbl.Query(ctx, persistence.Query{PK: ""})
	wantRejected(t, "Query with an empty pk", err)
	_, err = tbl.Query(ctx, persistence.Query{PK: "P", Limit: -1})
	wantRejected(t, "Query with a negative limit", err)
	_, err = tbl.Query(ctx, persistence.Query{PK: "P", Cursor: "not a cursor!"})
	wantRejected(t, "Query with a malformed cursor", err)
	_, err = tbl.QueryIndex(ctx, persistence.IndexQuery{GSI1PK: ""})
	wantRejected(t, "QueryIndex with an empty gsi1pk", err)
	_, err = tbl.QueryIndex(ctx, persistence.IndexQuery{GSI1PK: "X", Cursor: "not a cursor!"})
	wantRejected(t, "QueryIndex with a malformed cursor", err)
	_, err = tbl.Scan(ctx, persistence.Scan{Cursor: "not a cursor!"})
	wantRejected(t, "Scan with a malformed cursor", err)
	_, err = tbl.Scan(ctx, persistence.Scan{Limit: -1})
	wantRejected(t, "Scan with a negative limit", err)
}
