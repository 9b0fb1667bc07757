package projection_test

import (
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/erp/erptest"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Calls of the ERP API, as erptest.Server.Calls writes them.
const (
	findCustomer   = "GET /contatos"
	createCustomer = "POST /contatos"
)

// registeredSession is a completed session as the turn that completed it
// committed it: with its ERP customer payload prepared as erp_payload.
func registeredSession(t *testing.T, id, email string) domain.Session {
	t.Helper()
	s := completedSession(id, email)
	payload, err := projection.CustomerPayload(s)
	if err != nil {
		t.Fatal(err)
	}
	s.ERPPayload = payload
	return s
}

// erpCallsSince returns the ERP calls made since the previous call.
func (e *env) erpCallsSince(n *int) []string {
	all := e.erp.Calls()
	out := all[*n:]
	*n = len(all)
	return out
}

// TestSyncCreatesTheCustomerOnce: the first run makes the customer (looked up
// by document, then created) with the CRM; later runs, and later revisions,
// never ask the ERP again.
func TestSyncCreatesTheCustomerOnce(t *testing.T) {
	e := newEnv(t)
	s := registeredSession(t, "s1", "maria@exemplo.com")
	e.put(t, s)
	var erpSeen int

	e.run(t)
	if got, want := e.erpCallsSince(&erpSeen), []string{findCustomer, createCustomer}; !slices.Equal(got, want) {
		t.Fatalf("ERP calls = %q, want %q", got, want)
	}
	customers := e.erp.Customers()
	if len(customers) != 1 || customers[0].Payload["nome"] != "Maria Souza" || customers[0].Payload["cpfcnpj"] != "52998224725" {
		t.Fatalf("ERP customers = %+v; want Maria's", customers)
	}
	if r := e.erp.Requests()[0]; r.Query.Get("numeroDocumento") != "52998224725" || r.Authorization != "Bearer "+testToken {
		t.Errorf("lookup = %+v; want by document, authorized", r)
	}
	p := e.get(t, "s1")
	if p.Status != persistence.ProjectionSynced || !p.CRMConfirmed() || p.DealID == "" ||
		p.ERPCustomerID != customers[0].ID || p.ERPSyncedAt == nil || p.ERPLastError != "" {
		t.Errorf("projection after the first run = %+v", p)
	}
	if shown := projection.ReadBack(s, p); !shown.ERPSynced || !shown.CRMSynced {
		t.Errorf("ReadBack = erp_synced %v, crm_synced %v; want both", shown.ERPSynced, shown.CRMSynced)
	}

	e.clock.Advance(time.Hour)
	e.run(t)
	s.State = domain.StateHandoff
	changed := e.put(t, s)
	e.run(t)
	if got := e.erpCallsSince(&erpSeen); len(got) != 0 {
		t.Errorf("later runs called the ERP again: %q", got)
	}
	p = e.get(t, "s1")
	if p.Status != persistence.ProjectionSynced || p.Revision != changed.Revision || !p.CRMConfirmed() || p.ERPCustomerID != customers[0].ID {
		t.Errorf("projection after a new revision = %+v", p)
	}
}

// TestSyncCustomerAfterTheConversationMovedOn: a session that went on from
// COMPLETED before any run still gets its customer, and its stage.
func TestSyncCustomerAfterTheConversationMovedOn(t *testing.T) {
	for _, state := range []domain.SessionState{domain.StateHandoff, domain.StateHuman, domain.StateClosed} {
		t.Run(string(state), func(t *testing.T) {
			e := newEnv(t)
			s := registeredSession(t, "s1", "maria@exemplo.com")
			s.State = state
			e.put(t, s)
			e.run(t)
			if n := len(e.erp.Customers()); n != 1 {
				t.Errorf("ERP customers = %d, want 1", n)
			}
			p := e.get(t, "s1")
			if stage, _, _ := projection.Stage(s); p.Status != persistence.ProjectionSynced || p.ERPSyncedAt == nil || p.Desired.Stage != stage {
				t.Errorf("projection = %+v; want SYNCED in stage %s with the customer", p, stage)
			}
		})
	}
}

// TestSyncCustomerFailures: a transient ERP failure is retried after the
// backoff without calling the CRM again; a permanent one blocks with the
// ERP's error; an uncertain create is found by the next attempt, never made
// twice. The CRM part is confirmed in every case.
func TestSyncCustomerFailures(t *testing.T) {
	tests := []struct {
		name   string
		fault  erptest.Fault
		status persistence.ProjectionStatus
		kind   domain.ErrorKind
		detail string
		// then is what the next due run ends in, and the ERP calls it makes.
		then      persistence.ProjectionStatus
		thenCalls []string
	}{
		{
			name:   "transient",
			fault:  erptest.Fault{Status: http.StatusServiceUnavailable},
			status: persistence.ProjectionPending, kind: domain.ErrorKindTransient, detail: "erp: POST /contatos: HTTP 503",
			then: persistence.ProjectionSynced, thenCalls: []string{findCustomer, createCustomer},
		},
		{
			name:   "permanent",
			fault:  erptest.Fault{Status: http.StatusUnprocessableEntity, Body: `{"error":{"description":"numeroDocumento invalido"}}`},
			status: persistence.ProjectionBlocked, kind: domain.ErrorKindPermanent, detail: "HTTP 422: numeroDocumento invalido",
			then: persistence.ProjectionBlocked,
		},
		{
			name:   "uncertain",
			fault:  erptest.Fault{Hang: true},
			status: persistence.ProjectionUncertain, kind: domain.ErrorKindUncertain, detail: "erp: POST /contatos",
			then: persistence.ProjectionSynced, thenCalls: []string{findCustomer},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			var failing atomic.Bool
			failing.Store(true)
			e.erp.Inject(func(r erptest.Request) erptest.Fault {
				if failing.Load() && r.String() == createCustomer {
					return tt.fault
				}
				return erptest.Fault{}
			})
			s := registeredSession(t, "s1", "maria@exemplo.com")
			e.put(t, s)
			var crmSeen, erpSeen int

			e.run(t)
			e.callsSince(&crmSeen)
			e.erpCallsSince(&erpSeen)
			p := e.get(t, "s1")
			if p.Status != tt.status || p.LastErrorKind != tt.kind || !strings.Contains(p.LastError, tt.detail) ||
				p.ERPLastError != p.LastError || p.ERPSyncedAt != nil || p.LeaseOwner != "" {
				t.Fatalf("projection after the failure = %+v; want %s, %s, %q", p, tt.status, tt.kind, tt.detail)
			}
			if !p.CRMConfirmed() || p.DealID == "" {
				t.Errorf("the CRM part was not confirmed beside the ERP failure: %+v", p)
			}
			if shown := projection.ReadBack(s, p); !shown.CRMSynced || shown.ERPSynced {
				t.Errorf("ReadBack = crm_synced %v, erp_synced %v; want true, false", shown.CRMSynced, shown.ERPSynced)
			}

			failing.Store(false)
			e.clock.Advance(max(4*testBackoff, testReconcile) + time.Second)
			e.run(t)
			if got := e.erpCallsSince(&erpSeen); !slices.Equal(got, tt.thenCalls) {
				t.Errorf("ERP calls of the next run = %q, want %q", got, tt.thenCalls)
			}
			if got := e.callsSince(&crmSeen); len(got) != 0 {
				t.Errorf("the next run called the CRM again: %q", got)
			}
			p = e.get(t, "s1")
			if p.Status != tt.then {
				t.Errorf("status after the next run = %s, want %s (%+v)", p.Status, tt.then, p)
			}
			if tt.then == persistence.ProjectionSynced && (p.ERPSyncedAt == nil || p.ERPLastError != "" || p.LastError != "" || len(e.erp.Customers()) != 1) {
				t.Errorf("after the retry: projection %+v, ERP customers %d; want the one customer confirmed", p, len(e.erp.Customers()))
			}
		})
	}
}

// TestSyncRevisionChangesDuringTheERPCall: a new desired state lands while
// the ERP creates the customer. The attempt stops at its checkpoint, the
// customer it confirmed carries over to the new revision, and the next run
// syncs the CRM without asking the ERP again.
func TestSyncRevisionChangesDuringTheERPCall(t *testing.T) {
	e := newEnv(t)
	s := registeredSession(t, "s1", "maria@exemplo.com")
	old := e.put(t, s)
	s.State = domain.StateHandoff
	var fired atomic.Bool
	e.erp.Inject(func(r erptest.Request) erptest.Fault {
		if r.String() == createCustomer && fired.CompareAndSwap(false, true) {
			e.put(t, s)
		}
		return erptest.Fault{}
	})

	e.run(t)
	mid := e.get(t, "s1")
	if mid.Revision == old.Revision || mid.Status != persistence.ProjectionPending || mid.LeaseOwner != "" ||
		mid.ERPSyncedAt == nil || mid.ERPCustomerID != "1" {
		t.Fatalf("after the superseded attempt: %+v; want the new revision PENDING with the customer", mid)
	}
	if calls := e.crm.Calls(); len(calls) != 0 {
		t.Errorf("the superseded attempt went on to the CRM: %q", calls)
	}

	var erpSeen int
	e.erpCallsSince(&erpSeen)
	e.run(t)
	if got := e.erpCallsSince(&erpSeen); len(got) != 0 {
		t.Errorf("the next run called the ERP again: %q", got)
	}
	if p := e.get(t, "s1"); p.Status != persistence.ProjectionSynced || !p.CRMConfirmed() || p.ERPCustomerID != "1" || len(e.erp.Customers()) != 1 {
		t.Errorf("after the next run: %+v; want SYNCED with the one customer", p)
	}
}
