package projection_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

func TestRunDisabled(t *testing.T) {
	table := memory.New()
	projections := persistence.NewProjections(table)
	if _, err := projections.PutDesired(t.Context(), "s1", desired(t, completedSession("s1", "a@b.c")), t0); err != nil {
		t.Fatal(err)
	}
	job, err := projection.NewJob(projection.JobConfig{Table: table}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	res, err := job.Run(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	checkJSON(t, res, `{"status":"disabled"}`)
	if p, _ := projections.Get(t.Context(), "s1"); p.Attempts != 0 || p.LeaseOwner != "" {
		t.Errorf("a disabled job touched a projection: %+v", p)
	}
}

// TestRunOKMetrics runs over one projection of each outcome, 90 seconds after
// they were recorded.
func TestRunOKMetrics(t *testing.T) {
	e := newEnv(t)
	faults := map[string]crmtest.Fault{
		"s-blocked":   {Status: http.StatusBadRequest, Body: `{"message":"invalid"}`},
		"s-pending":   {Status: http.StatusServiceUnavailable},
		"s-uncertain": {Hang: true},
	}
	e.crm.Inject(func(r crmtest.Request) crmtest.Fault {
		if r.String() != createDeal {
			return crmtest.Fault{}
		}
		props, _ := r.Body["properties"].(map[string]any)
		sid, _ := props["intake_session_id"].(string)
		return faults[sid]
	})
	for _, id := range []string{"s-blocked", "s-pending", "s-uncertain", "s-synced"} {
		e.put(t, completedSession(id, id+"@exemplo.com"))
	}
	e.clock.Advance(90 * time.Second)
	res := e.run(t)
	checkJSON(t, res, `{"status":"ok","metrics":{"Pending":1,"Blocked":1,"Uncertain":1,"OldestPendingSeconds":90}}`)
}

func checkJSON(t *testing.T, v any, want string) {
	t.Helper()
	got, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("JSON = %s\nwant   %s", got, want)
	}
}

func TestJobConfigValidate(t *testing.T) {
	table := memory.New()
	tests := []struct {
		name string
		cfg  projection.JobConfig
		ok   bool
	}{
		{name: "defaults", cfg: projection.JobConfig{Table: table}, ok: true},
		{name: "no table", cfg: projection.JobConfig{}},
		{name: "negative lease", cfg: projection.JobConfig{Table: table, LeaseDuration: -time.Second}},
		{name: "backoff max below base", cfg: projection.JobConfig{Table: table, BackoffBase: time.Minute, BackoffMax: time.Second}},
		{name: "negative attempts", cfg: projection.JobConfig{Table: table, MaxAttempts: -1}},
	}
	for _, tt := range tests {
		if err := tt.cfg.Validate(); (err == nil) != tt.ok {
			t.Errorf("%s: Validate() = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}
