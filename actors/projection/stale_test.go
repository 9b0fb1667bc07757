package projection_test

import (
	"context"
	"net/http"
	"testing"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/persistence"
)

// staleTable answers the due partition of session s1 in gsi1 with a page read earlier,
// as a worker's list of due projections is by the time it reaches an entry.
type staleTable struct {
	persistence.Table
	pending persistence.Page
}

func (s staleTable) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	if q.GSI1PK == persistence.ProjectionIndexPK(persistence.ProjectionPending, "s1") {
		return s.pending, nil
	}
	return s.Table.QueryIndex(ctx, q)
}

// TestSyncStaleListRespectsBackoff: worker 2 listed a projection as due just
// before worker 1 failed it and released it with a backoff. Worker 2 must not
// lease it until the backoff ends.
func TestSyncStaleListRespectsBackoff(t *testing.T) {
	e := newEnv(t)
	e.crm.Inject(func(r crmtest.Request) crmtest.Fault {
		if r.String() == createDeal {
			return crmtest.Fault{Status: http.StatusBadGateway}
		}
		return crmtest.Fault{}
	})
	e.put(t, completedSession("s1", "maria@exemplo.com"))
	stale, err := e.table.QueryIndex(t.Context(), persistence.IndexQuery{GSI1PK: persistence.ProjectionIndexPK(persistence.ProjectionPending, "s1")})
	if err != nil || len(stale.Items) != 1 {
		t.Fatalf("pending page = %d items, %v", len(stale.Items), err)
	}

	e.run(t) // worker 1 fails it: PENDING after a backoff
	failed := e.get(t, "s1")
	seen := len(e.crm.Calls())

	worker2, err := projection.NewJob(projection.JobConfig{
		Table: staleTable{Table: e.table, pending: stale}, CRM: newCRMClient(t, e), ERP: &erp.Stub{},
		Owner: "worker-2", Now: e.clock.Now,
	}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := worker2.Run(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	if got := e.callsSince(&seen); len(got) != 0 {
		t.Errorf("worker 2 called the CRM during worker 1's backoff: %q", got)
	}
	if p := e.get(t, "s1"); p.Attempts != failed.Attempts || p.LeaseOwner != "" {
		t.Errorf("worker 2 leased the projection: %+v", p)
	}
}
