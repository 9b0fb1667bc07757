package projection_test

import (
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// failFirst answers the first request for call with f, and serves the rest.
func failFirst(call string, f crmtest.Fault) func(crmtest.Request) crmtest.Fault {
	var done atomic.Bool
	return func(r crmtest.Request) crmtest.Fault {
		if r.String() == call && done.CompareAndSwap(false, true) {
			return f
		}
		return crmtest.Fault{}
	}
}

// TestSync429ThenSuccess: the client waits as the 429's headers ask and
// retries, within one attempt.
func TestSync429ThenSuccess(t *testing.T) {
	tests := []struct {
		name   string
		header http.Header
		wait   time.Duration
	}{
		{name: "Retry-After", header: http.Header{"Retry-After": {"2"}}, wait: 2 * time.Second},
		{
			name: "rolling window spent",
			header: http.Header{
				"X-Hubspot-Ratelimit-Remaining":             {"0"},
				"X-Hubspot-Ratelimit-Interval-Milliseconds": {"10000"},
			},
			wait: 10 * time.Second,
		},
		{name: "secondly window spent", header: http.Header{"X-Hubspot-Ratelimit-Secondly-Remaining": {"0"}}, wait: time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.crm.Inject(failFirst(createDeal, crmtest.Fault{
				Status: http.StatusTooManyRequests, Header: tt.header,
				Body: `{"status":"error","message":"You have reached your secondly limit.","category":"RATE_LIMITS"}`,
			}))
			e.put(t, completedSession("s1", "maria@exemplo.com"))
			e.run(t)

			want := []string{searchContacts, searchContacts, createContact, createDeal, createDeal}
			if got := e.crm.Calls(); !slices.Equal(got, want) {
				t.Fatalf("calls = %q\nwant %q", got, want)
			}
			if got := e.clock.sleptAtLeast(time.Second); !slices.Equal(got, []time.Duration{tt.wait}) {
				t.Errorf("waits = %v, want [%v]", got, tt.wait)
			}
			if p := e.get(t, "s1"); p.Status != persistence.ProjectionSynced || p.Attempts != 1 || e.crm.DealCreates("s1") != 1 {
				t.Errorf("projection = %+v after %d deal creates; want SYNCED in one attempt, one deal", p, e.crm.DealCreates("s1"))
			}
		})
	}
}

// TestSyncServerErrorsBlock: 5xx is transient: the projection backs off with
// jitter, and is BLOCKED once MaxAttempts (3 here) attempts failed.
func TestSyncServerErrorsBlock(t *testing.T) {
	e := newEnv(t)
	e.crm.Inject(func(r crmtest.Request) crmtest.Fault {
		if r.String() == createDeal {
			return crmtest.Fault{Status: http.StatusInternalServerError, Body: `{"message":"internal error"}`}
		}
		return crmtest.Fault{}
	})
	e.put(t, completedSession("s1", "maria@exemplo.com"))
	seen := 0

	e.run(t)
	if got, want := e.callsSince(&seen), []string{searchContacts, searchContacts, createContact, createDeal}; !slices.Equal(got, want) {
		t.Fatalf("attempt 1 calls = %q\nwant %q", got, want)
	}
	p := e.get(t, "s1")
	checkBackoff(t, p, e.clock.Now(), 1, testBackoff)

	e.run(t) // not due yet: nothing happens
	if got := e.callsSince(&seen); len(got) != 0 {
		t.Fatalf("a run before the backoff ended called %q", got)
	}

	// The second attempt looks for the deal first: the first create started.
	e.clock.Advance(testBackoff)
	e.run(t)
	if got, want := e.callsSince(&seen), []string{patchContact(p.ContactID), searchDeals, createDeal}; !slices.Equal(got, want) {
		t.Fatalf("attempt 2 calls = %q\nwant %q", got, want)
	}
	checkBackoff(t, e.get(t, "s1"), e.clock.Now(), 2, 2*testBackoff)

	e.clock.Advance(2 * testBackoff)
	res := e.run(t)
	p = e.get(t, "s1")
	if p.Status != persistence.ProjectionBlocked || p.Attempts != 3 || p.LastErrorKind != domain.ErrorKindTransient {
		t.Fatalf("after 3 failed attempts: %+v; want BLOCKED", p)
	}
	if res.Metrics == nil || res.Metrics.Blocked != 1 || res.Metrics.Pending != 0 {
		t.Errorf("metrics = %+v; want one blocked", res.Metrics)
	}

	e.clock.Advance(24 * time.Hour)
	seen = len(e.crm.Calls())
	e.run(t)
	if got := e.callsSince(&seen); len(got) != 0 || e.crm.DealCreates("s1") != 0 {
		t.Errorf("a blocked projection was retried: %q", got)
	}
}

// checkBackoff checks a transient failure's record: PENDING, attempts
// counted, the next attempt within the jittered window [d/2, d] after now.
func checkBackoff(t *testing.T, p persistence.CRMProjection, now time.Time, attempts int, d time.Duration) {
	t.Helper()
	wait := p.NextAttemptAt.Sub(now)
	if p.Status != persistence.ProjectionPending || p.Attempts != attempts || p.LeaseOwner != "" ||
		p.LastErrorKind != domain.ErrorKindTransient || wait < d/2 || wait > d {
		t.Errorf("after attempt %d: status %s, attempts %d, lease %q, error %s %q, next in %v; want PENDING, next in [%v, %v]",
			attempts, p.Status, p.Attempts, p.LeaseOwner, p.LastErrorKind, p.LastError, wait, d/2, d)
	}
}

// TestSyncUncertainCreateReconciles: the deal create times out after the
// request was written (the CRM made the deal). The projection is UNCERTAIN,
// and the next attempt finds that deal instead of creating another.
func TestSyncUncertainCreateReconciles(t *testing.T) {
	e := newEnv(t)
	e.crm.Inject(failFirst(createDeal, crmtest.Fault{Hang: true}))
	e.put(t, completedSession("s1", "maria@exemplo.com"))
	seen := 0

	res := e.run(t)
	e.callsSince(&seen)
	p := e.get(t, "s1")
	if p.Status != persistence.ProjectionUncertain || p.DealID != "" || p.CreationStarted == nil ||
		p.LastErrorKind != domain.ErrorKindUncertain {
		t.Fatalf("after the timeout: %+v; want UNCERTAIN with creation_started and no deal ID", p)
	}
	if res.Metrics == nil || res.Metrics.Uncertain != 1 {
		t.Errorf("metrics = %+v; want one uncertain", res.Metrics)
	}
	if wait := p.NextAttemptAt.Sub(e.clock.Now()); wait < testReconcile {
		t.Errorf("next attempt in %v; want at least the reconcile delay %v", wait, testReconcile)
	}

	e.run(t) // before the reconcile delay: nothing
	if got := e.callsSince(&seen); len(got) != 0 {
		t.Fatalf("a run inside the reconcile delay called %q", got)
	}

	e.clock.Advance(testReconcile)
	e.run(t)
	deals := e.crm.Deals()
	if len(deals) != 1 || e.crm.DealCreates("s1") != 1 {
		t.Fatalf("deals = %+v; want the one deal of the timed-out create", deals)
	}
	if got, want := e.callsSince(&seen), []string{patchContact(p.ContactID), searchDeals, patchDeal(deals[0].ID)}; !slices.Equal(got, want) {
		t.Fatalf("reconciling calls = %q\nwant %q", got, want)
	}
	if p := e.get(t, "s1"); p.Status != persistence.ProjectionSynced || p.DealID != deals[0].ID {
		t.Errorf("after reconciling: %+v; want SYNCED with deal %s", p, deals[0].ID)
	}
}

// TestSyncPermanentBlocks: a validation error blocks at once; a new revision
// unblocks it, and the next attempt looks for the deal before creating it.
func TestSyncPermanentBlocks(t *testing.T) {
	e := newEnv(t)
	e.crm.Inject(failFirst(createDeal, crmtest.Fault{
		Status: http.StatusBadRequest,
		Body:   `{"status":"error","message":"Property values were not valid: dealstage","category":"VALIDATION_ERROR"}`,
	}))
	s := completedSession("s1", "maria@exemplo.com")
	e.put(t, s)
	e.run(t)
	p := e.get(t, "s1")
	if p.Status != persistence.ProjectionBlocked || p.Attempts != 1 || p.LastErrorKind != domain.ErrorKindPermanent ||
		!strings.Contains(p.LastError, "Property values were not valid") || strings.Contains(p.LastError, testToken) {
		t.Fatalf("after a 400: %+v; want BLOCKED with the CRM's message and no token", p)
	}

	s.State = domain.StateHandoff
	e.put(t, s)
	seen := len(e.crm.Calls())
	e.run(t)
	if got, want := e.callsSince(&seen), []string{patchContact(p.ContactID), searchDeals, createDeal}; !slices.Equal(got, want) {
		t.Fatalf("calls after the fix = %q\nwant %q", got, want)
	}
	if p := e.get(t, "s1"); p.Status != persistence.ProjectionSynced || e.crm.DealCreates("s1") != 1 {
		t.Errorf("after a new revision: %+v; want SYNCED with one deal", p)
	}
}
