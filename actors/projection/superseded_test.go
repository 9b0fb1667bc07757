package projection_test

import (
	"slices"
	"sync/atomic"
	"testing"

	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// TestSyncRevisionChangesMidway: the session actor records a new desired
// state while a worker syncs the old one. The worker's outcome must not mark
// the new revision SYNCED; the IDs it learned carry over, and the next run
// converges the new revision without a second deal.
func TestSyncRevisionChangesMidway(t *testing.T) {
	tests := []struct {
		name      string
		during    string // the CRM call during which the new revision lands
		confirmed bool   // whether the old revision reached the CRM
		next      func(contactID, dealID string) []string
	}{
		{
			// Before the deal create: the creation mark's write fails, nothing
			// is created, the contact ID carries over.
			name:   "before the deal create",
			during: createContact,
			next: func(contactID, _ string) []string {
				return []string{patchContact(contactID), createDeal}
			},
		},
		{
			// During the create: the old revision is in the CRM; the new one
			// updates the deal.
			name:      "during the deal create",
			during:    createDeal,
			confirmed: true,
			next: func(contactID, dealID string) []string {
				return []string{patchContact(contactID), patchDeal(dealID)}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			s := completedSession("s1", "maria@exemplo.com")
			old := e.put(t, s)
			s.State = domain.StateHandoff
			var fired atomic.Bool
			e.crm.Inject(func(r crmtest.Request) crmtest.Fault {
				if r.String() == tt.during && fired.CompareAndSwap(false, true) {
					e.put(t, s)
				}
				return crmtest.Fault{}
			})

			e.run(t)
			mid := e.get(t, "s1")
			if mid.Revision == old.Revision || mid.Status != persistence.ProjectionPending || mid.LeaseOwner != "" ||
				mid.ContactID == "" || !mid.NextAttemptAt.Equal(e.clock.Now()) {
				t.Fatalf("after the superseded attempt: %+v; want the new revision PENDING, due now, with the contact", mid)
			}
			if confirmed := mid.ConfirmedRevision == old.Revision; confirmed != tt.confirmed || (mid.DealID != "") != tt.confirmed {
				t.Errorf("confirmed revision %q, deal %q; want the old revision confirmed: %v", mid.ConfirmedRevision, mid.DealID, tt.confirmed)
			}

			seen := len(e.crm.Calls())
			e.run(t)
			deals := e.crm.Deals()
			if len(deals) != 1 {
				t.Fatalf("deals = %+v; want one", deals)
			}
			if got, want := e.callsSince(&seen), tt.next(mid.ContactID, deals[0].ID); !slices.Equal(got, want) {
				t.Errorf("next run calls = %q\nwant %q", got, want)
			}
			if p := e.get(t, "s1"); p.Status != persistence.ProjectionSynced || p.ConfirmedRevision != mid.Revision {
				t.Errorf("after the next run: %+v; want the new revision SYNCED", p)
			}
			if stage := deals[0].Properties["dealstage"]; stage != "appointmentscheduled" {
				t.Errorf("deal stage = %v; want the new revision's", stage)
			}
		})
	}
}
