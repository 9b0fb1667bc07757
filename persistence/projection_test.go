package persistence_test

import (
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A desired state read back from a stored projection keeps its revision.
func TestRevisionSurvivesTheTable(t *testing.T) {
	rev := mustRevision(t, fullDesired())
	p := fullProjection()
	item, err := persistence.EncodeProjection(p)
	if err != nil {
		t.Fatal(err)
	}
	back, err := persistence.DecodeProjection(item)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := domain.Revision(back.Desired); got != rev {
		t.Errorf("revision changed through the table: %s vs %s", got, rev)
	}
}

func mustRevision(t *testing.T, d domain.Desired) string {
	t.Helper()
	rev, err := domain.Revision(d)
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
	if got := mustRevision(t, domain.Desired{Stage: "qualified", Terminal: true, Contact: p.Desired.Contact, Deal: p.Desired.Deal, Customer: map[string]any{}}); got != before {
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
