package persistence_test

import (
	"context"
	"errors"
	"testing"
	"time"

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

// A record written before roles existed (a fixed input, never rewritten)
// reads as an enabled-or-not operator with its name and signature, never an
// admin.
func TestOperatorRecordReadsOlderItems(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	if err := table.Put(ctx, readItem(t, "legacy_operator.json"), nil); err != nil {
		t.Fatal(err)
	}
	got, err := persistence.NewOperatorRoster(table).Get(ctx, "+5511400000003")
	want := persistence.OperatorRecord{Phone: "+5511400000003", Name: "Caio", Disabled: true, Signature: true,
		UpdatedAt: time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)}
	if err != nil || got != want || got.Admin() {
		t.Fatalf("Get of an older item = %+v, %v; want %+v, no admin", got, err, want)
	}
}

// A record as stored now: the role is always written (an empty one as
// operator), and the record survives the API's JSON.
func TestOperatorRecordRoundTrip(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	r := persistence.NewOperatorRoster(table)
	for _, tc := range []struct {
		name string
		in   persistence.OperatorRecord
		want persistence.Role
	}{
		{"admin", persistence.OperatorRecord{Phone: "+5511400000004", Name: "Dora", Signature: true, Role: persistence.RoleAdmin}, persistence.RoleAdmin},
		{"no role given", persistence.OperatorRecord{Phone: "+5511400000005", Name: "Edu"}, persistence.RoleOperator},
	} {
		tc.in.UpdatedAt = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		if err := r.Put(ctx, tc.in); err != nil {
			t.Fatal(err)
		}
		got, err := r.Get(ctx, tc.in.Phone)
		if err != nil || got.Role != tc.want || got.Name != tc.in.Name || got.Signature != tc.in.Signature {
			t.Errorf("%s: Get = %+v, %v; want role %q", tc.name, got, err, tc.want)
		}
		jsonRoundTrip(t, got)
	}
	item, err := table.Get(ctx, persistence.Key{PK: "OPERATOR", SK: "+5511400000004"})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "operator.golden.json", itemJSON(t, item))
}

// Admin is the admin login's rule: role admin and enabled.
func TestOperatorRecordAdmin(t *testing.T) {
	for _, tc := range []struct {
		rec  persistence.OperatorRecord
		want bool
	}{
		{persistence.OperatorRecord{Role: persistence.RoleAdmin}, true},
		{persistence.OperatorRecord{Role: persistence.RoleAdmin, Disabled: true}, false},
		{persistence.OperatorRecord{Role: persistence.RoleOperator}, false},
		{persistence.OperatorRecord{}, false},
	} {
		if got := tc.rec.Admin(); got != tc.want {
			t.Errorf("%+v.Admin() = %v, want %v", tc.rec, got, tc.want)
		}
	}
}

// ADMIN_PHONES seeds owners before OPERATOR_PHONES seeds operators: a
// number in both lists is an admin, an owner already on the roster from
// before roles becomes an admin, and a role or status admins set is never
// changed, however often the service starts.
func TestOperatorRosterSeedAdmins(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	r := persistence.NewOperatorRoster(table)
	older := readItem(t, "legacy_operator.json") // +5511400000003, Caio, disabled
	if err := table.Put(ctx, older, nil); err != nil {
		t.Fatal(err)
	}
	demoted := persistence.OperatorRecord{Phone: "+5511400000001", Name: "Bia", Role: persistence.RoleOperator}
	if err := r.Put(ctx, demoted); err != nil {
		t.Fatal(err)
	}
	admins := []string{"+5511400000001", "+5511400000002", "+5511400000003"}
	operators := []string{"+5511400000002", "+5511400000004"}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, start := range []string{"first start", "second start"} {
		if _, err := r.SeedAdmins(ctx, admins, at); err != nil {
			t.Fatalf("%s: SeedAdmins: %v", start, err)
		}
		if _, err := r.Seed(ctx, operators, at); err != nil {
			t.Fatalf("%s: Seed: %v", start, err)
		}
		for _, want := range []persistence.OperatorRecord{
			{Phone: "+5511400000001", Name: "Bia", Role: persistence.RoleOperator},
			{Phone: "+5511400000002", Role: persistence.RoleAdmin},
			{Phone: "+5511400000003", Name: "Caio", Role: persistence.RoleAdmin, Disabled: true, Signature: true},
			{Phone: "+5511400000004", Role: persistence.RoleOperator},
		} {
			got, err := r.Get(ctx, want.Phone)
			got.UpdatedAt = time.Time{}
			if err != nil || got != want {
				t.Errorf("%s: %s = %+v, %v; want %+v", start, want.Phone, got, err, want)
			}
		}
	}
}
