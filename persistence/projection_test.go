package persistence_test

import (
	"math"
	"reflect"
	"regexp"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

func TestRevisionIsCanonical(t *testing.T) {
	a := fullDesired()
	rev, err := persistence.Revision(a)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(rev) {
		t.Fatalf("revision %q is not SHA-256 hex", rev)
	}

	// The same content built differently: typed maps and ints instead of the
	// generic values a decoded item holds.
	b := persistence.Desired{
		Stage:    "qualified",
		Terminal: true,
		Contact:  map[string]any{"properties": map[string]string{"segmento": "residencial", "firstname": "Maria"}},
		Deal: map[string]any{
			"associations": []map[string]any{{"to": map[string]string{"id": "c-1"}}},
			"properties":   map[string]any{"dealname": "Solar - Maria"},
		},
	}
	if got, _ := persistence.Revision(b); got != rev {
		t.Errorf("equal desired states have different revisions: %s vs %s", got, rev)
	}

	// Read back from an item: still equal.
	p := fullProjection()
	item, err := persistence.EncodeProjection(p)
	if err != nil {
		t.Fatal(err)
	}
	back, err := persistence.DecodeProjection(item)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := persistence.Revision(back.Desired); got != rev {
		t.Errorf("revision changed through the table: %s vs %s", got, rev)
	}

	c := fullDesired()
	c.Stage = "won"
	if got, _ := persistence.Revision(c); got == rev {
		t.Error("a different stage must change the revision")
	}

	if got, _ := persistence.Revision(persistence.Desired{}); got != mustRevision(t, persistence.Desired{Contact: map[string]any{}, Deal: map[string]any{}}) {
		t.Error("nil and empty payloads must have the same revision")
	}
}

func TestRevisionRejectsUnencodableValues(t *testing.T) {
	if _, err := persistence.Revision(persistence.Desired{Deal: map[string]any{"x": math.NaN()}}); err == nil {
		t.Error("NaN must not hash")
	}
}

func mustRevision(t *testing.T, d persistence.Desired) string {
	t.Helper()
	rev, err := persistence.Revision(d)
	if err != nil {
		t.Fatal(err)
	}
	return rev
}

// TestProjectionWithERPRoundTrip pins the ERP part of the record: the desired
// customer, the ERP's customer ID, when it confirmed it, and its last error.
func TestProjectionWithERPRoundTrip(t *testing.T) {
	p := fullProjection()
	p.Desired.Customer = map[string]any{"nome": "Maria Souza", "tipo": []any{"cliente"}, "cpfcnpj": "52998224725"}
	p.ERPCustomerID, p.ERPSyncedAt, p.ERPLastError = "77", at(t1), "erp: GET /contatos: HTTP 503"
	roundTrip(t, "projection_erp.golden.json", p, persistence.EncodeProjection, persistence.DecodeProjection)
	if p.ERPWanted() {
		t.Error("a confirmed customer is still wanted")
	}
	p.ERPSyncedAt = nil
	if !p.ERPWanted() {
		t.Error("an unconfirmed customer is not wanted")
	}
}

// TestProjectionBeforeERPLoads reads a record stored before the ERP fields
// existed (a fixed input, never rewritten): it wants no customer, has no ERP
// result, and its desired state keeps the revision older releases computed,
// so records without a customer get no new revision from this release.
func TestProjectionBeforeERPLoads(t *testing.T) {
	p, err := persistence.DecodeProjection(readItem(t, "projection_before_erp.json"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Desired.Customer != nil || p.ERPCustomerID != "" || p.ERPSyncedAt != nil || p.ERPLastError != "" || p.ERPWanted() {
		t.Errorf("an older record has ERP state: %+v", p)
	}
	want := fullProjection()
	if !reflect.DeepEqual(p, want) {
		t.Errorf("older record\n got: %#v\nwant: %#v", p, want)
	}
	// SHA-256 of {"contact":...,"deal":...,"stage":"qualified","terminal":true}
	// with sorted keys, as the release before the customer field hashed it.
	const before = "cbe0321de09752e30b9792bac82a828717b9a673afccdf902de7443e17ff82ae"
	if got := mustRevision(t, p.Desired); got != before {
		t.Errorf("revision of a desired state without a customer = %s, want %s", got, before)
	}
	if got := mustRevision(t, persistence.Desired{Stage: "qualified", Terminal: true, Contact: p.Desired.Contact, Deal: p.Desired.Deal, Customer: map[string]any{}}); got != before {
		t.Errorf("an empty customer changed the revision: %s", got)
	}
}

func TestCRMConfirmed(t *testing.T) {
	tests := []struct {
		revision, confirmed string
		want                bool
	}{
		{revision: "r1", confirmed: "r1", want: true},
		{revision: "r2", confirmed: "r1"},
		{revision: "r1"},
		{},
	}
	for _, tt := range tests {
		p := persistence.CRMProjection{Revision: tt.revision, ConfirmedRevision: tt.confirmed}
		if got := p.CRMConfirmed(); got != tt.want {
			t.Errorf("CRMConfirmed(revision %q, confirmed %q) = %v, want %v", tt.revision, tt.confirmed, got, tt.want)
		}
	}
}
