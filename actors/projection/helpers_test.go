package projection_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/actors/projection/erp/erptest"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

const testToken = "pat-na1-secret-test-token"

// fakeClock is the clock of the job and of the CRM client: time moves only
// when a test advances it or a client sleeps (which returns at once), and
// every sleep is recorded.
type fakeClock struct {
	mu    sync.Mutex
	now   time.Time
	slept []time.Duration
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if d > 0 {
		c.slept = append(c.slept, d)
		c.now = c.now.Add(d)
	}
	return nil
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// sleptAtLeast returns the recorded sleeps of at least min: the 429 waits,
// not the pacing slots.
func (c *fakeClock) sleptAtLeast(min time.Duration) []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.DeleteFunc(slices.Clone(c.slept), func(d time.Duration) bool { return d < min })
}

// env is one sync job over a memory table, a fake CRM and a fake ERP.
type env struct {
	clock       *fakeClock
	table       persistence.Table
	projections *persistence.Projections
	crm         *crmtest.Server
	crmConfig   crm.Config
	erp         *erptest.Server
	job         *projection.Job
}

// Timing of the test jobs, short enough to reason about.
const (
	testBackoff   = 30 * time.Second
	testReconcile = 5 * time.Minute
	testTimeout   = 300 * time.Millisecond
)

func newEnv(t *testing.T, mods ...func(*projection.JobConfig, *crm.Config)) *env {
	t.Helper()
	e := &env{clock: &fakeClock{now: t0}, table: memory.New(), crm: crmtest.New(t), erp: erptest.New(t)}
	e.projections = persistence.NewProjections(e.table)
	ccfg := crm.Config{
		Config: httpcall.Config{
			BaseURL:     e.crm.URL,
			AccessToken: testToken,
			MaxRPS:      1_000_000,
			Timeout:     testTimeout,
			Clock:       e.clock,
		},
		Pipeline: "default",
		OwnerID:  "owner-7",
		Stages:   map[string]string{projection.StageInService: "appointmentscheduled"},
	}
	jcfg := projection.JobConfig{
		Table:          e.table,
		Owner:          "worker-1",
		MaxAttempts:    3,
		BackoffBase:    testBackoff,
		BackoffMax:     4 * testBackoff,
		ReconcileDelay: testReconcile,
		Now:            e.clock.Now,
	}
	for _, mod := range mods {
		mod(&jcfg, &ccfg)
	}
	e.crmConfig = ccfg
	jcfg.CRM = newCRMClient(t, e)
	var err error
	if jcfg.ERP == nil {
		jcfg.ERP, err = erp.New(erp.Config{Config: httpcall.Config{BaseURL: e.erp.URL, AccessToken: testToken, MaxRPS: 1_000_000, Timeout: testTimeout, Clock: e.clock}}, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
	}
	if e.job, err = projection.NewJob(jcfg, zap.NewNop()); err != nil {
		t.Fatal(err)
	}
	return e
}

// newCRMClient returns a CRM client configured as the env's job's.
func newCRMClient(t *testing.T, e *env) *crm.Client {
	t.Helper()
	client, err := crm.New(e.crmConfig, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// desired is projection.Desired of a session in a known state.
func desired(t testing.TB, s domain.Session) domain.Desired {
	t.Helper()
	d, err := projection.Desired(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// put records the desired state of s now.
func (e *env) put(t *testing.T, s domain.Session) persistence.CRMProjection {
	t.Helper()
	p, err := e.projections.PutDesired(t.Context(), s.SessionID, desired(t, s), e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// run runs the job once and fails the test on an error.
func (e *env) run(t *testing.T) projection.Result {
	t.Helper()
	res, err := e.job.Run(t.Context(), map[string]any{"source": "aws.events", "detail": "ignored"})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

// get reads the projection of a session.
func (e *env) get(t *testing.T, sessionID string) persistence.CRMProjection {
	t.Helper()
	p, err := e.projections.Get(t.Context(), sessionID)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// calls returns the CRM calls made since the previous call of calls.
func (e *env) callsSince(n *int) []string {
	all := e.crm.Calls()
	out := all[*n:]
	*n = len(all)
	return out
}
