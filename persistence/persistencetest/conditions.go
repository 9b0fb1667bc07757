package persistencetest

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// conditionCase is a condition and whether it holds for conditionItem.
type conditionCase struct {
	name  string
	cond  persistence.Condition
	holds bool
}

func conditionItem() persistence.Item {
	it := item("COND", "ITEM", map[string]any{
		"s":    "banana",
		"u":    "é",
		"n":    10,
		"f":    2.5,
		"b":    []byte("bb"),
		"t":    true,
		"null": nil,
		"l":    []any{"a", 1},
		"m":    map[string]any{"k": "v"},
	})
	it["ss"] = &types.AttributeValueMemberSS{Value: []string{"x", "y"}}
	return it
}

var conditionCases = []conditionCase{
	{"exists", persistence.Exists("s"), true},
	{"exists pk", persistence.Exists(persistence.AttrPK), true},
	{"exists absent", persistence.Exists("missing"), false},
	{"not exists absent", persistence.NotExists("missing"), true},
	{"not exists present", persistence.NotExists("s"), false},

	{"equal string", persistence.Equal("s", "banana"), true},
	{"equal other string", persistence.Equal("s", "apple"), false},
	{"equal number", persistence.Equal("n", 10), true},
	{"equal number of another Go type", persistence.Equal("n", 10.0), true},
	{"equal fraction", persistence.Equal("f", 2.50), true},
	{"equal number to string", persistence.Equal("n", "10"), false},
	{"equal absent", persistence.Equal("missing", "x"), false},
	{"equal bool", persistence.Equal("t", true), true},
	{"equal binary", persistence.Equal("b", []byte("bb")), true},
	{"equal map", persistence.Equal("m", map[string]any{"k": "v"}), true},
	{"equal other map", persistence.Equal("m", map[string]any{"k": "w"}), false},
	{"equal list", persistence.Equal("l", []any{"a", 1}), true},
	{"equal other list", persistence.Equal("l", []any{"a", 2}), false},
	{"equal set in another order", persistence.Condition{Op: persistence.OpEqual, Name: "ss",
		Value: &types.AttributeValueMemberSS{Value: []string{"y", "x"}}}, true},

	{"less string", persistence.Less("s", "cherry"), true},
	{"less equal string", persistence.Less("s", "banana"), false},
	{"less bytewise: lowercase after uppercase", persistence.Less("s", "Banana"), false},
	{"less bytewise: multi-byte UTF-8 after ASCII", persistence.Less("u", "z"), false},
	{"less ASCII before multi-byte UTF-8", persistence.Less("s", "é"), true},
	{"less number", persistence.Less("n", 11), true},
	{"less number numerically, not as text", persistence.Less("n", 2), false},
	{"less fraction numerically", persistence.Less("f", 10), true},
	{"less equal number", persistence.Less("n", 10), false},
	{"less negative", persistence.Less("n", -100), false},
	{"less binary", persistence.Less("b", []byte("bc")), true},
	{"less number than string", persistence.Less("n", "z"), false},
	{"less absent", persistence.Less("missing", 1), false},

	{"and true", persistence.And(persistence.Exists("s"), persistence.Equal("n", 10)), true},
	{"and false", persistence.And(persistence.Exists("s"), persistence.Exists("missing")), false},
	{"or true", persistence.Or(persistence.Exists("missing"), persistence.Equal("s", "banana")), true},
	{"or false", persistence.Or(persistence.Exists("missing"), persistence.Equal("s", "x")), false},
	{"nested", persistence.And(
		persistence.Or(persistence.NotExists(persistence.AttrPK), persistence.Less("n", 20)),
		persistence.NotExists("missing"),
	), true},
	{"single child", persistence.Or(persistence.Equal("t", true)), true},
}

func testConditionOperators(t *testing.T, tbl persistence.Table) {
	stored := conditionItem()
	put(t, tbl, stored)
	for _, tc := range conditionCases {
		t.Run(tc.name, func(t *testing.T) {
			// Putting the same item back leaves the table unchanged either way.
			err := tbl.Put(t.Context(), conditionItem(), tc.cond.Ptr())
			switch {
			case tc.holds && err != nil:
				t.Fatalf("condition should hold: %v", err)
			case !tc.holds && !errors.Is(err, persistence.ErrConflict):
				t.Fatalf("condition should fail with ErrConflict, got %v", err)
			}
		})
	}
	wantItem(t, get(t, tbl, "COND", "ITEM"), stored)
}

func testConditionsOnAbsentItem(t *testing.T, tbl persistence.Table) {
	tests := []conditionCase{
		{"exists pk", persistence.Exists(persistence.AttrPK), false},
		{"not exists pk", persistence.NotExists(persistence.AttrPK), true},
		{"equal", persistence.Equal("s", "x"), false},
		{"less", persistence.Less("n", 1), false},
		{"or", persistence.Or(persistence.NotExists(persistence.AttrPK), persistence.Equal("v", 1)), true},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sk := keys("ABSENT#", len(tests))[i]
			err := tbl.Put(t.Context(), item("COND", sk, nil), tc.cond.Ptr())
			switch {
			case tc.holds && err != nil:
				t.Fatalf("condition should hold on an absent item: %v", err)
			case !tc.holds && !errors.Is(err, persistence.ErrConflict):
				t.Fatalf("condition should fail with ErrConflict on an absent item, got %v", err)
			case !tc.holds:
				wantAbsent(t, tbl, "COND", sk)
			}
		})
	}
}

func testInvalidConditions(t *testing.T, tbl persistence.Table) {
	tests := []struct {
		name string
		cond persistence.Condition
	}{
		{"value that does not marshal", persistence.Equal("x", make(chan int))},
		{"nested value that does not marshal", persistence.And(persistence.Exists("x"), persistence.Less("x", func() {}))},
		{"less than a bool", persistence.Less("x", true)},
		{"less than a map", persistence.Less("x", map[string]any{"a": 1})},
		{"empty and", persistence.And()},
		{"empty name", persistence.Exists("")},
		{"unknown operator", persistence.Condition{Op: 99, Name: "x"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := t.Context()
			key := persistence.Key{PK: "COND", SK: "INVALID"}
			wantRejected(t, "Put", tbl.Put(ctx, item(key.PK, key.SK, nil), tc.cond.Ptr()))
			_, err := tbl.Update(ctx, key, persistence.Update{Set: map[string]any{"a": 1}}, tc.cond.Ptr())
			wantRejected(t, "Update", err)
			wantRejected(t, "Delete", tbl.Delete(ctx, key, tc.cond.Ptr()))
			_, err = tbl.Scan(ctx, persistence.Scan{Filter: tc.cond.Ptr()})
			wantRejected(t, "Scan", err)
			wantAbsent(t, tbl, key.PK, key.SK)
		})
	}
}
