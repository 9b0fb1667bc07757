package persistence_test

import (
	"context"
	"errors"
	"testing"

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
