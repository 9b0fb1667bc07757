package projection_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Calls of the CRM API, as crmtest.Server.Calls writes them.
const (
	searchContacts = "POST /crm/v3/objects/contacts/search"
	createContact  = "POST /crm/v3/objects/contacts"
	searchDeals    = "POST /crm/v3/objects/deals/search"
	createDeal     = "POST /crm/v3/objects/deals"
)

func patchContact(id string) string { return "PATCH /crm/v3/objects/contacts/" + id }
func patchDeal(id string) string    { return "PATCH /crm/v3/objects/deals/" + id }

func TestSyncFirst(t *testing.T) {
	e := newEnv(t)
	s := completedSession("s1", "maria@exemplo.com")
	want := e.put(t, s)

	res := e.run(t)
	if !reflect.DeepEqual(res, projection.Result{Status: "ok", Metrics: &projection.Metrics{}}) {
		t.Errorf("result = %+v", res)
	}
	if got, want := e.crm.Calls(), []string{searchContacts, searchContacts, createContact, createDeal}; !slices.Equal(got, want) {
		t.Fatalf("calls = %q\nwant %q", got, want)
	}
	var captured []map[string]any
	for _, r := range e.crm.Requests() {
		if r.Authorization != "Bearer "+testToken {
			t.Errorf("%s: Authorization = %q", r, r.Authorization)
		}
		captured = append(captured, map[string]any{"call": r.String(), "body": r.Body})
	}
	golden(t, "sync_first_requests", captured)

	p := e.get(t, "s1")
	contacts, deals := e.crm.Contacts(), e.crm.Deals()
	if len(contacts) != 1 || len(deals) != 1 {
		t.Fatalf("CRM holds %d contacts and %d deals; want 1 and 1", len(contacts), len(deals))
	}
	if p.Status != persistence.ProjectionSynced || p.ConfirmedRevision != want.Revision ||
		p.ContactID != contacts[0].ID || p.DealID != deals[0].ID || p.LeaseOwner != "" || p.CreationStarted == nil {
		t.Errorf("projection after the first sync = %+v", p)
	}
	if !slices.Equal(deals[0].Associations, []string{contacts[0].ID}) {
		t.Errorf("deal associations = %v, want the contact %s", deals[0].Associations, contacts[0].ID)
	}
	shown := projection.ReadBack(s, p)
	if !shown.CRMSynced || string(shown.CRMContactID) != p.ContactID || string(shown.CRMDealID) != p.DealID {
		t.Errorf("ReadBack = synced %v, contact %q, deal %q", shown.CRMSynced, shown.CRMContactID, shown.CRMDealID)
	}

	// Synced projections are not due: another run calls nothing.
	e.run(t)
	if n := len(e.crm.Calls()); n != 4 {
		t.Errorf("a run over a synced projection made %d more calls", n-4)
	}
}

func TestSyncStageChange(t *testing.T) {
	e := newEnv(t)
	s := completedSession("s1", "maria@exemplo.com")
	e.put(t, s)
	e.run(t)
	first := e.get(t, "s1")
	seen := len(e.crm.Calls())

	s.State = domain.StateHandoff
	changed := e.put(t, s)
	e.run(t)

	if got, want := e.callsSince(&seen), []string{patchContact(first.ContactID), patchDeal(first.DealID)}; !slices.Equal(got, want) {
		t.Fatalf("calls = %q\nwant %q", got, want)
	}
	if n := e.crm.DealCreates("s1"); n != 1 {
		t.Errorf("deal creates = %d, want 1", n)
	}
	update := e.crm.Requests()[len(e.crm.Requests())-1]
	props := update.Body["properties"].(map[string]any)
	if props["dealstage"] != "appointmentscheduled" {
		t.Errorf("dealstage = %v, want the configured ID of %s", props["dealstage"], projection.StageInService)
	}
	for _, k := range []string{"pipeline", "hubspot_owner_id", "crm_owner_id", "intake_session_id"} {
		if v, ok := props[k]; ok {
			t.Errorf("the update sent %s = %v; updates leave it to the CRM", k, v)
		}
	}
	p := e.get(t, "s1")
	if p.Status != persistence.ProjectionSynced || p.ConfirmedRevision != changed.Revision ||
		p.ContactID != first.ContactID || p.DealID != first.DealID {
		t.Errorf("projection after the stage change = %+v", p)
	}
}

// TestSyncContactConflict: the CRM's search does not show a contact yet, the
// create answers 409 with its ID, and that contact is used.
func TestSyncContactConflict(t *testing.T) {
	e := newEnv(t)
	existing := e.crm.AddContact(map[string]any{"email": "maria@exemplo.com", "firstname": "M"})
	e.crm.Inject(func(r crmtest.Request) crmtest.Fault {
		if r.String() == searchContacts {
			return crmtest.Fault{Status: 200, Body: `{"total":0,"results":[]}`}
		}
		return crmtest.Fault{}
	})
	e.put(t, completedSession("s1", "maria@exemplo.com"))
	e.run(t)

	want := []string{searchContacts, searchContacts, createContact, patchContact(existing), createDeal}
	if got := e.crm.Calls(); !slices.Equal(got, want) {
		t.Fatalf("calls = %q\nwant %q", got, want)
	}
	p := e.get(t, "s1")
	if p.Status != persistence.ProjectionSynced || p.ContactID != existing {
		t.Errorf("projection = %+v; want SYNCED with contact %s", p, existing)
	}
	if contacts := e.crm.Contacts(); len(contacts) != 1 || contacts[0].Properties["firstname"] != "Maria" {
		t.Errorf("contacts = %+v; want the existing one, updated", contacts)
	}
	if deals := e.crm.Deals(); len(deals) != 1 || !slices.Equal(deals[0].Associations, []string{existing}) {
		t.Errorf("deals = %+v; want one, associated with %s", deals, existing)
	}
}

// TestSyncSkipsLeasedProjection: a projection another worker holds is not
// touched.
func TestSyncSkipsLeasedProjection(t *testing.T) {
	e := newEnv(t)
	e.put(t, completedSession("s1", "maria@exemplo.com"))
	now := e.clock.Now()
	if _, err := e.projections.AcquireLease(t.Context(), "s1", "worker-2", now.Add(testReconcile), now); err != nil {
		t.Fatal(err)
	}
	e.run(t)
	if calls := e.crm.Calls(); len(calls) != 0 {
		t.Errorf("calls = %q; want none while worker-2 holds the lease", calls)
	}
	if p := e.get(t, "s1"); p.LeaseOwner != "worker-2" || p.Status != persistence.ProjectionPending {
		t.Errorf("projection = %+v; want it untouched", p)
	}
}
