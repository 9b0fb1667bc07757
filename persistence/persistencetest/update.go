package persistencetest

import (
	"errors"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

func testUpdateCreates(t *testing.T, tbl persistence.Table) {
	got, err := tbl.Update(t.Context(), persistence.Key{PK: "P", SK: "S"}, persistence.Update{
		Set: map[string]any{"state": "NEW", "data": map[string]any{"k": "v"}},
		Add: map[string]int64{"turns": 3},
	}, nil)
	if err != nil {
		t.Fatalf("Update of an absent item: %v", err)
	}
	want := item("P", "S", map[string]any{"state": "NEW", "data": map[string]any{"k": "v"}, "turns": 3})
	wantItem(t, got, want)
	wantItem(t, get(t, tbl, "P", "S"), want)
}

func testUpdateSetRemoveAdd(t *testing.T, tbl persistence.Table) {
	put(t, tbl, item("P", "S", map[string]any{"a": "x", "b": "y", "n": 5, "keep": true}))
	got, err := tbl.Update(t.Context(), persistence.Key{PK: "P", SK: "S"}, persistence.Update{
		Set:    map[string]any{"a": "z", "list": []string{"1", "2"}},
		Remove: []string{"b", "never-there"},
		Add:    map[string]int64{"n": 2, "fresh": -1},
	}, nil)
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	want := item("P", "S", map[string]any{"a": "z", "list": []string{"1", "2"}, "n": 7, "fresh": -1, "keep": true})
	wantItem(t, got, want) // ALL_NEW: the whole item after the update
	wantItem(t, get(t, tbl, "P", "S"), want)
}

func testUpdateWithoutChanges(t *testing.T, tbl persistence.Table) {
	got, err := tbl.Update(t.Context(), persistence.Key{PK: "P", SK: "S"}, persistence.Update{}, nil)
	if err != nil {
		t.Fatalf("empty Update: %v", err)
	}
	wantItem(t, got, item("P", "S", nil)) // like UpdateItem: the keys alone
	wantItem(t, get(t, tbl, "P", "S"), item("P", "S", nil))
}

func testUpdateReturningNothing(t *testing.T, tbl persistence.Table) {
	got, err := tbl.Update(t.Context(), persistence.Key{PK: "P", SK: "S"}, persistence.Update{
		Set: map[string]any{"state": "NEW"}, NoReturn: true,
	}, nil)
	if err != nil {
		t.Fatalf("Update with NoReturn: %v", err)
	}
	if got != nil {
		t.Errorf("Update with NoReturn returned %v, want no item", got)
	}
	wantItem(t, get(t, tbl, "P", "S"), item("P", "S", map[string]any{"state": "NEW"}))
}

func testConditionalUpdate(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	key := persistence.Key{PK: "SESSION#1", SK: "S#1"}
	stored := item(key.PK, key.SK, map[string]any{"version": 2, "state": "QUALIFYING"})
	put(t, tbl, stored)
	bump := persistence.Update{Set: map[string]any{"state": "DATA_COLLECT"}, Add: map[string]int64{"version": 1}}

	got, err := tbl.Update(ctx, key, bump, persistence.Equal("version", 1).Ptr())
	if !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("Update on a stale version: %v, %s; want ErrConflict", err, show(got))
	}
	wantItem(t, get(t, tbl, key.PK, key.SK), stored)

	got, err = tbl.Update(ctx, key, bump, persistence.Equal("version", 2).Ptr())
	if err != nil {
		t.Fatalf("Update on the current version: %v", err)
	}
	wantItem(t, got, item(key.PK, key.SK, map[string]any{"version": 3, "state": "DATA_COLLECT"}))

	// A condition requiring the item keeps Update from creating it.
	absent := persistence.Key{PK: "SESSION#2", SK: "S#1"}
	_, err = tbl.Update(ctx, absent, bump, persistence.Exists(persistence.AttrPK).Ptr())
	if !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("Update of an absent item requiring it: %v; want ErrConflict", err)
	}
	wantAbsent(t, tbl, absent.PK, absent.SK)
}

func testUpdateRejectsInvalid(t *testing.T, tbl persistence.Table) {
	key := persistence.Key{PK: "P", SK: "S"}
	stored := item(key.PK, key.SK, map[string]any{"text": "hello", "n": 1})
	put(t, tbl, stored)
	tests := []struct {
		name string
		upd  persistence.Update
	}{
		{"set pk", persistence.Update{Set: map[string]any{persistence.AttrPK: "other"}}},
		{"remove sk", persistence.Update{Remove: []string{persistence.AttrSK}}},
		{"set and remove the same attribute", persistence.Update{Set: map[string]any{"n": 2}, Remove: []string{"n"}}},
		{"set and add the same attribute", persistence.Update{Set: map[string]any{"n": 2}, Add: map[string]int64{"n": 1}}},
		{"add to a string", persistence.Update{Add: map[string]int64{"text": 1}}},
		{"numeric gsi1sk", persistence.Update{Set: map[string]any{persistence.AttrGSI1SK: 5}}},
		{"empty gsi1pk", persistence.Update{Set: map[string]any{persistence.AttrGSI1PK: ""}}},
		{"value that does not marshal", persistence.Update{Set: map[string]any{"x": make(chan int)}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tbl.Update(t.Context(), key, tc.upd, nil)
			wantRejected(t, "Update", err)
			wantItem(t, get(t, tbl, key.PK, key.SK), stored)
		})
	}
	_, err := tbl.Update(t.Context(), persistence.Key{PK: "", SK: "S"}, persistence.Update{Set: map[string]any{"a": 1}}, nil)
	wantRejected(t, "Update with an empty pk", err)
}
