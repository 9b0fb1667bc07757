package persistence_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// Operators admins manage are read by phone and listed; only a named
// operator with the signature on signs messages.
func TestOperatorRoster(t *testing.T) {
	ctx := context.Background()
	r := persistence.NewOperatorRoster(newTable(t))
	if _, err := r.Get(ctx, "+5511400000001"); !errors.Is(err, persistence.ErrNotFound) {
		t.Fatalf("Get of nobody = %v, want ErrNotFound", err)
	}
	for _, o := range []persistence.OperatorRecord{
		{Phone: "+5511400000002", Name: " Ana ", Signature: true},
		{Phone: "+5511400000001", Name: "Bia", Disabled: true},
	} {
		if err := r.Put(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	ana, err := r.Get(ctx, "+5511400000002")
	if err != nil || ana.Name != "Ana" || ana.Signed("Oi") != "*Ana*: Oi" {
		t.Fatalf("Get = %+v, %v", ana, err)
	}
	list, err := r.List(ctx)
	if err != nil || len(list) != 2 || list[0].Phone != "+5511400000001" || !list[0].Disabled || list[0].Signed("Oi") != "Oi" {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if s := (persistence.OperatorRecord{Signature: true}).Signed("Oi"); s != "Oi" {
		t.Errorf("unnamed operator signed %q", s)
	}
}

// OPERATOR_PHONES seeds the roster: missing operators are created enabled,
// an operator admins disabled stays disabled, and seeding again changes
// nothing.
func TestOperatorRosterSeed(t *testing.T) {
	ctx := context.Background()
	r := persistence.NewOperatorRoster(newTable(t))
	if err := r.Put(ctx, persistence.OperatorRecord{Phone: "+5511400000001", Name: "Bia", Disabled: true}); err != nil {
		t.Fatal(err)
	}
	seeds := []string{"+5511400000001", "+5511400000002"}
	for _, tc := range []struct {
		name    string
		created int
	}{{"first start", 1}, {"second start", 0}} {
		n, err := r.Seed(ctx, seeds, time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
		if err != nil || n != tc.created {
			t.Fatalf("%s: Seed = %d, %v; want %d", tc.name, n, err, tc.created)
		}
		list, err := r.List(ctx)
		if err != nil || len(list) != 2 {
			t.Fatalf("%s: List = %+v, %v", tc.name, list, err)
		}
		if bia := list[0]; !bia.Disabled || bia.Name != "Bia" {
			t.Errorf("%s: the disabled operator became %+v", tc.name, bia)
		}
		if seeded := list[1]; seeded.Phone != "+5511400000002" || seeded.Disabled {
			t.Errorf("%s: the seeded operator is %+v, want enabled", tc.name, seeded)
		}
	}
}

// A record written before signatures and roles existed still reads.
func TestOperatorRecordReadsOlderItems(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	item := persistence.Item{"pk": &types.AttributeValueMemberS{Value: "OPERATOR"}, "sk": &types.AttributeValueMemberS{Value: "+5511400000003"},
		"phone": &types.AttributeValueMemberS{Value: "+5511400000003"}, "name": &types.AttributeValueMemberS{Value: "Caio"}}
	if err := table.Put(ctx, item, nil); err != nil {
		t.Fatal(err)
	}
	got, err := persistence.NewOperatorRoster(table).Get(ctx, "+5511400000003")
	if err != nil || got.Name != "Caio" || got.Disabled || got.Signature {
		t.Fatalf("Get of an older item = %+v, %v", got, err)
	}
}
