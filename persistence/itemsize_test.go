package persistence_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// An item's size counts its attribute names and values; a number counts
// its significant digits, not how it is written.
func TestItemSize(t *testing.T) {
	n := func(s string) types.AttributeValue { return &types.AttributeValueMemberN{Value: s} }
	tests := []struct {
		name string
		item persistence.Item
		want int
	}{
		{"string", persistence.Item{"pk": &types.AttributeValueMemberS{Value: "SESSION#1"}}, 2 + 9},
		{"number", persistence.Item{"n": n("12345")}, 1 + 4},
		{"same number written otherwise", persistence.Item{"n": n("0012345.000")}, 1 + 4},
		{"negative with exponent", persistence.Item{"n": n("-1.2e10")}, 1 + 2},
		{"zero", persistence.Item{"n": n("0")}, 1 + 2},
		{"bool", persistence.Item{"ok": &types.AttributeValueMemberBOOL{Value: true}}, 2 + 1},
		{"list of two strings", persistence.Item{"l": &types.AttributeValueMemberL{Value: []types.AttributeValue{
			&types.AttributeValueMemberS{Value: "ab"}, &types.AttributeValueMemberS{Value: "c"}}}}, 1 + 3 + (1 + 2) + (1 + 1)},
		{"map", persistence.Item{"m": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{
			"k": &types.AttributeValueMemberS{Value: "v"}}}}, 1 + 3 + 1 + 1 + 1},
	}
	for _, tt := range tests {
		if got := persistence.ItemSize(tt.item); got != tt.want {
			t.Errorf("%s: ItemSize = %d, want %d", tt.name, got, tt.want)
		}
	}
}
