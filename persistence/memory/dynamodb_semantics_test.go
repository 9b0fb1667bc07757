package memory_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// These cases follow DynamoDB's documented semantics in corners the shared
// suite leaves out: not every DynamoDB-compatible server agrees on them.

func TestEqualComparesListsAndMaps(t *testing.T) {
	ctx := t.Context()
	tbl := memory.New()
	it := persistence.Item{
		persistence.AttrPK: &types.AttributeValueMemberS{Value: "P"},
		persistence.AttrSK: &types.AttributeValueMemberS{Value: "S"},
		"l": &types.AttributeValueMemberL{Value: []types.AttributeValue{
			&types.AttributeValueMemberS{Value: "a"}, &types.AttributeValueMemberN{Value: "1"},
		}},
		"m":  &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"k": &types.AttributeValueMemberN{Value: "1.0"}}},
		"ns": &types.AttributeValueMemberNS{Value: []string{"1.50", "2"}},
	}
	if err := tbl.Put(ctx, it, nil); err != nil {
		t.Fatalf("Put: %v", err)
	}
	tests := []struct {
		cond  persistence.Condition
		holds bool
	}{
		{persistence.Equal("l", []any{"a", 1}), true},
		{persistence.Equal("l", []any{1, "a"}), false}, // lists keep their order
		{persistence.Equal("m", map[string]any{"k": 1}), true},
		{persistence.Equal("m", map[string]any{"k": 1, "x": 2}), false},
		{persistence.Condition{Op: persistence.OpEqual, Name: "ns", Value: &types.AttributeValueMemberNS{Value: []string{"2", "1.5"}}}, true},
	}
	for _, tc := range tests {
		_, err := tbl.Update(ctx, persistence.Key{PK: "P", SK: "S"}, persistence.Update{}, &tc.cond)
		if tc.holds != (err == nil) || !tc.holds && !errors.Is(err, persistence.ErrConflict) {
			t.Errorf("%s %s %v: %v; want holds=%v", tc.cond.Name, "=", tc.cond.Value, err, tc.holds)
		}
	}
}

func TestNumberLimits(t *testing.T) {
	ctx := t.Context()
	tbl := memory.New()
	key := persistence.Key{PK: "P", SK: "S"}
	tests := []struct {
		n  string
		ok bool
	}{
		{"1e125", true},
		{"9.9999999999999999999999999999999999999e125", true},
		{"1e126", false}, // overflow
		{"1e-130", true},
		{"1e-131", false}, // underflow
		{"+5", false},
		{".5", true},
		{"5.", true},
		{"-", false},
		{"1e", false},
		{"0x10", false},
		{"Infinity", false},
	}
	for _, tc := range tests {
		it := persistence.Item{
			persistence.AttrPK: &types.AttributeValueMemberS{Value: key.PK},
			persistence.AttrSK: &types.AttributeValueMemberS{Value: key.SK},
			"n":                &types.AttributeValueMemberN{Value: tc.n},
		}
		if err := tbl.Put(ctx, it, nil); (err == nil) != tc.ok {
			t.Errorf("Put of number %q: %v; want ok=%v", tc.n, err, tc.ok)
		}
	}
}

func TestAddIsExact(t *testing.T) {
	ctx := t.Context()
	tbl := memory.New()
	key := persistence.Key{PK: "P", SK: "S"}
	it := persistence.Item{
		persistence.AttrPK: &types.AttributeValueMemberS{Value: key.PK},
		persistence.AttrSK: &types.AttributeValueMemberS{Value: key.SK},
		"big":              &types.AttributeValueMemberN{Value: "12345678901234567890123456789012345.5"},
		"small":            &types.AttributeValueMemberN{Value: "0.1"},
		"max":              &types.AttributeValueMemberN{Value: "9999999999999999999999999999999999999.9"}, // 38 digits
	}
	if err := tbl.Put(ctx, it, nil); err != nil {
		t.Fatalf("Put: %v", err)
	}
	got, err := tbl.Update(ctx, key, persistence.Update{Add: map[string]int64{"big": 1, "small": -1}}, nil)
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	for name, want := range map[string]string{"big": "12345678901234567890123456789012346.5", "small": "-0.9"} {
		if n := got[name].(*types.AttributeValueMemberN).Value; n != want {
			t.Errorf("%s = %s; want %s", name, n, want)
		}
	}
	_, err = tbl.Update(ctx, key, persistence.Update{Add: map[string]int64{"max": 1}}, nil)
	if err == nil || !strings.Contains(err.Error(), "significant digits") {
		t.Fatalf("Add past 38 digits: %v; want an error", err)
	}
}

func TestIndexKeysMustBeNonEmptyStrings(t *testing.T) {
	tbl := memory.New()
	it := persistence.Item{
		persistence.AttrPK:     &types.AttributeValueMemberS{Value: "P"},
		persistence.AttrSK:     &types.AttributeValueMemberS{Value: "S"},
		persistence.AttrGSI1SK: &types.AttributeValueMemberS{Value: ""},
	}
	if err := tbl.Put(t.Context(), it, nil); err == nil {
		t.Fatal("Put with an empty gsi1sk succeeded; DynamoDB rejects it")
	}
}

func TestNilValuesAreRejected(t *testing.T) {
	tbl := memory.New()
	for _, v := range []types.AttributeValue{nil, (*types.AttributeValueMemberS)(nil), &types.AttributeValueMemberNULL{Value: false}} {
		it := persistence.Item{
			persistence.AttrPK: &types.AttributeValueMemberS{Value: "P"},
			persistence.AttrSK: &types.AttributeValueMemberS{Value: "S"},
			"x":                v,
		}
		if err := tbl.Put(t.Context(), it, nil); err == nil {
			t.Errorf("Put with x = %#v succeeded; want an error", v)
		}
		cond := persistence.Condition{Op: persistence.OpEqual, Name: "x", Value: v}
		if err := tbl.Put(t.Context(), it, &cond); err == nil {
			t.Errorf("Put with condition x = %#v succeeded; want an error", v)
		}
	}
}
