package persistence_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/intake-runtime/intake/persistence"
)

// MarshalValue encodes every value exactly as attributevalue.Marshal does.
func TestMarshalValueIsAttributeValueMarshal(t *testing.T) {
	for _, v := range []any{
		"", "sent", 0, -42, 1732665600000, int64(-7), true, false, 1.5, []string{"a"},
		map[string]any{"k": 1}, time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC), nil,
	} {
		got, gotErr := persistence.MarshalValue(v)
		want, wantErr := attributevalue.Marshal(v)
		if !reflect.DeepEqual(got, want) || (gotErr != nil) != (wantErr != nil) {
			t.Errorf("MarshalValue(%#v) = %#v, %v; attributevalue.Marshal gives %#v, %v", v, got, gotErr, want, wantErr)
		}
	}
}

// A string or an integer, nearly every value set, costs one allocation.
func TestMarshalValueOfScalarsAllocatesOnce(t *testing.T) {
	var s any = "sent"
	if n := testing.AllocsPerRun(100, func() { _, _ = persistence.MarshalValue(s) }); n > 1 {
		t.Errorf("MarshalValue of a string allocated %v times, want 1", n)
	}
}
