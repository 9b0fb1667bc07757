package persistencetest

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

func testGetMissing(t *testing.T, tbl persistence.Table) {
	wantAbsent(t, tbl, "SESSION#5511999990000", "ACTIVE")
	put(t, tbl, item("SESSION#5511999990000", "S#1", nil))
	wantAbsent(t, tbl, "SESSION#5511999990000", "ACTIVE") // same partition, other sk
}

func testPutGetRoundTrip(t *testing.T, tbl persistence.Table) {
	want := item("SESSION#5511999990000", "S#abc", map[string]any{
		"state":    "QUALIFYING",
		"empty":    "",
		"version":  7,
		"score":    -2.25,
		"raw":      []byte{0, 1, 2, 255},
		"active":   true,
		"closed":   nil,
		"history":  []any{"a", 1, map[string]any{"k": "v"}},
		"data":     map[string]any{"cpf": "123", "nested": map[string]any{"n": 1}},
		"unicode":  "ação ✓",
		"gsi1pk":   "PENDING",
		"gsi1sk":   "2024-01-01T00:00:00Z",
		"ttl":      4102444800, // 2100: in the future, or memory hides the item
		"emptyMap": map[string]any{},
	})
	want["tags"] = &types.AttributeValueMemberSS{Value: []string{"b", "a"}}
	want["counts"] = &types.AttributeValueMemberNS{Value: []string{"3", "1.5"}}
	want["blobs"] = &types.AttributeValueMemberBS{Value: [][]byte{{1}, {2, 3}}}
	put(t, tbl, want)
	wantItem(t, get(t, tbl, "SESSION#5511999990000", "S#abc"), want)
}

func testPutReplaces(t *testing.T, tbl persistence.Table) {
	put(t, tbl, item("P", "S", map[string]any{"a": 1, "b": "old"}))
	second := item("P", "S", map[string]any{"b": "new", "c": true})
	put(t, tbl, second)
	wantItem(t, get(t, tbl, "P", "S"), second) // "a" is gone: Put replaces, it does not merge
}

func testNumbersNormalized(t *testing.T, tbl persistence.Table) {
	it := item("P", "S", nil)
	in := map[string]string{"a": "1.50", "b": "1e3", "c": "-0.0", "d": "0001.2300e-2", "e": "-12"}
	for k, v := range in {
		it[k] = &types.AttributeValueMemberN{Value: v}
	}
	put(t, tbl, it)
	want := item("P", "S", nil)
	for k, v := range map[string]string{"a": "1.5", "b": "1000", "c": "0", "d": "0.0123", "e": "-12"} {
		want[k] = &types.AttributeValueMemberN{Value: v}
	}
	wantItem(t, get(t, tbl, "P", "S"), want)
}

func testPutRejectsInvalid(t *testing.T, tbl persistence.Table) {
	with := func(name string, v types.AttributeValue) persistence.Item {
		it := item("P", "S", nil)
		it[name] = v
		return it
	}
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	n := func(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }
	noSK := item("P", "S", nil)
	delete(noSK, persistence.AttrSK)
	tests := []struct {
		name string
		item persistence.Item
	}{
		{"missing sk", noSK},
		{"numeric pk", with(persistence.AttrPK, n("1"))},
		{"empty pk", with(persistence.AttrPK, s(""))},
		{"empty sk", with(persistence.AttrSK, s(""))},
		{"numeric gsi1pk", with(persistence.AttrGSI1PK, n("1"))},
		{"numeric gsi1sk", with(persistence.AttrGSI1SK, n("1"))},
		{"empty gsi1pk", with(persistence.AttrGSI1PK, s(""))},
		{"empty string set", with("x", &types.AttributeValueMemberSS{})},
		{"duplicate string set", with("x", &types.AttributeValueMemberSS{Value: []string{"a", "a"}})},
		{"malformed number", with("x", n("abc"))},
		{"number with 39 digits", with("x", n("123456789012345678901234567890123456789"))},
		{"item over 400 KB", with("x", s(strings.Repeat("x", 410*1024)))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantRejected(t, "Put", tbl.Put(t.Context(), tc.item, nil))
		})
	}
	wantAbsent(t, tbl, "P", "S")
	_, err := tbl.Get(t.Context(), persistence.Key{PK: "", SK: "S"})
	wantRejected(t, "Get with an empty pk", err)
}

func testConditionalPut(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	first := item("RECEIPT#wamid.1", "RECEIPT", map[string]any{"n": 1})
	onlyNew := persistence.NotExists(persistence.AttrPK).Ptr()
	if err := tbl.Put(ctx, first, onlyNew); err != nil {
		t.Fatalf("first conditional Put: %v", err)
	}
	err := tbl.Put(ctx, item("RECEIPT#wamid.1", "RECEIPT", map[string]any{"n": 2}), onlyNew)
	if !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("second conditional Put: %v; want ErrConflict", err)
	}
	wantItem(t, get(t, tbl, "RECEIPT#wamid.1", "RECEIPT"), first)
}

func testDelete(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	if err := tbl.Delete(ctx, persistence.Key{PK: "P", SK: "absent"}, nil); err != nil {
		t.Fatalf("Delete of an absent item: %v; want nil", err)
	}
	put(t, tbl, item("P", "S", nil), item("P", "T", nil))
	if err := tbl.Delete(ctx, persistence.Key{PK: "P", SK: "S"}, nil); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wantAbsent(t, tbl, "P", "S")
	get(t, tbl, "P", "T")
}

func testConditionalDelete(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	key := persistence.Key{PK: "P", SK: "S"}
	stored := item("P", "S", map[string]any{"version": 2})
	put(t, tbl, stored)
	err := tbl.Delete(ctx, key, persistence.Equal("version", 1).Ptr())
	if !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("Delete with a false condition: %v; want ErrConflict", err)
	}
	wantItem(t, get(t, tbl, "P", "S"), stored)
	if err := tbl.Delete(ctx, key, persistence.Equal("version", 2).Ptr()); err != nil {
		t.Fatalf("Delete with a true condition: %v", err)
	}
	wantAbsent(t, tbl, "P", "S")
	err = tbl.Delete(ctx, key, persistence.Exists(persistence.AttrPK).Ptr())
	if !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("Delete of an absent item requiring it to exist: %v; want ErrConflict", err)
	}
}
