package projection_test

import (
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
)

// A run tells when the backlog it read next falls due, so the scheduler
// need not read it before then: nothing waiting, a backoff's end, nothing
// once the projection is synced.
func TestRunSaysWhenTheBacklogNextFallsDue(t *testing.T) {
	e := newEnv(t)
	var failing atomic.Bool
	failing.Store(true)
	e.crm.Inject(func(r crmtest.Request) crmtest.Fault {
		if failing.Load() && r.String() == createDeal {
			return crmtest.Fault{Status: http.StatusInternalServerError, Body: `{"message":"internal error"}`}
		}
		return crmtest.Fault{}
	})
	if res := e.run(t); !res.NextDue.IsZero() {
		t.Errorf("an empty backlog falls due at %v, want never", res.NextDue)
	}
	e.put(t, completedSession("s1", "maria@exemplo.com"))
	res := e.run(t)
	if p := e.get(t, "s1"); !res.NextDue.Equal(p.NextAttemptAt) || !res.NextDue.After(e.clock.Now()) {
		t.Errorf("after a failed attempt the backlog falls due at %v, want the backoff's end %v", res.NextDue, p.NextAttemptAt)
	}
	failing.Store(false)
	e.clock.Advance(res.NextDue.Sub(e.clock.Now()))
	if res := e.run(t); !res.NextDue.IsZero() {
		t.Errorf("a synced backlog falls due at %v, want never", res.NextDue)
	}
}
