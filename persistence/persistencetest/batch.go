package persistencetest

import (
	"slices"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

func testBatchWrite(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	if err := tbl.BatchWrite(ctx, nil, nil); err != nil {
		t.Fatalf("empty BatchWrite: %v", err)
	}
	all := keys("K#", 60) // more than two BatchWriteItem requests of 25
	var puts []persistence.Item
	for _, sk := range all {
		puts = append(puts, item("B", sk, map[string]any{"v": sk}))
	}
	if err := tbl.BatchWrite(ctx, puts, nil); err != nil {
		t.Fatalf("BatchWrite of %d puts: %v", len(puts), err)
	}
	var deletes []persistence.Key
	for _, sk := range all[:30] {
		deletes = append(deletes, persistence.Key{PK: "B", SK: sk})
	}
	deletes = append(deletes, persistence.Key{PK: "B", SK: "absent"})
	replaced := item("B", all[40], map[string]any{"v": "replaced"})
	extra := []persistence.Item{replaced, item("B", "Z#1", nil), item("C", "1", nil)}
	if err := tbl.BatchWrite(ctx, extra, deletes); err != nil {
		t.Fatalf("BatchWrite of puts and deletes: %v", err)
	}
	got := collect(t, 0, func(cursor string) (persistence.Page, error) {
		return tbl.Query(ctx, persistence.Query{PK: "B", Cursor: cursor})
	})
	want := append(slices.Clone(all[30:]), "Z#1")
	if !slices.Equal(sortKeys(got), want) {
		t.Fatalf("after BatchWrite, partition B = %q; want %q", sortKeys(got), want)
	}
	wantItem(t, get(t, tbl, "B", all[40]), replaced)
	get(t, tbl, "C", "1")
}

func testBatchWriteRejectsInvalid(t *testing.T, tbl persistence.Table) {
	noSK := item("B", "x", nil)
	delete(noSK, persistence.AttrSK)
	tests := []struct {
		name    string
		puts    []persistence.Item
		deletes []persistence.Key
	}{
		{"key put twice", []persistence.Item{item("B", "1", nil), item("B", "1", map[string]any{"a": 1})}, nil},
		{"key put and deleted", []persistence.Item{item("B", "1", nil)}, []persistence.Key{{PK: "B", SK: "1"}}},
		{"item without sk", []persistence.Item{item("B", "1", nil), noSK}, nil},
		{"item with an empty pk", []persistence.Item{item("B", "1", nil), item("", "2", nil)}, nil},
		{"delete with an empty sk", []persistence.Item{item("B", "1", nil)}, []persistence.Key{{PK: "B", SK: ""}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantRejected(t, "BatchWrite", tbl.BatchWrite(t.Context(), tc.puts, tc.deletes))
			wantAbsent(t, tbl, "B", "1") // validation happens before any write
		})
	}
}
