package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/reports"
	"github.com/intake-runtime/intake/runtime"
)

// reportsNow is the clock of the report tests: Friday 27 November 2026,
// 15:00 in São Paulo.
var reportsNow = time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)

// seedReportSessions writes n conversations spread over the days before
// reportsNow, with milestones, services, operators and model usage, and
// sums them into day items as the rollup does.
func seedReportSessions(tb testing.TB, table persistence.Table, n, days int) {
	tb.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	var items []persistence.Item
	for i := range n {
		created := reportsNow.Add(-time.Duration(rng.Int64N(int64(days) * int64(24*time.Hour))))
		s := domain.NewSession(fmt.Sprintf("r%06d", i), fmt.Sprintf("+55119%08d", i), "instance_a", created)
		last := created.Add(time.Minute)
		s.Milestones.LastCustomerAt = &last
		s.Milestones.Usage = []domain.ModelUsage{{Model: "gpt-4o-mini", Calls: 3, TokensInput: 3000, TokensOutput: 300}}
		if i%4 != 0 {
			s.ServiceIdentified = domain.NullString(fmt.Sprintf("service-%d", i%8))
			s.Milestones.QualifiedAt = &last
		}
		if i%3 == 0 {
			handoff, reply, closed := created.Add(time.Hour), created.Add(time.Hour+time.Duration(rng.IntN(3600))*time.Second), created.Add(3*time.Hour)
			s.HandoffAt, s.Milestones.FirstOperatorReplyAt, s.ClosedAt = &handoff, &reply, &closed
			s.State, s.AssignedTo = domain.StateClosed, domain.NullString(fmt.Sprintf("+55119000000%02d", i%10))
			s.CSATScore, s.CSATAnsweredAt = 1+i%5, &closed
		}
		item, err := persistence.EncodeSession(s)
		if err != nil {
			tb.Fatal(err)
		}
		items = append(items, item)
	}
	if err := table.BatchWrite(ctx, items, nil); err != nil {
		tb.Fatal(err)
	}
	zone, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		tb.Fatal(err)
	}
	rollup := &reports.Rollup{Sessions: persistence.NewSessions(table), Demands: persistence.NewDemands(table),
		Days: persistence.NewReportDays(table), Zone: zone, AbandonAfter: 24 * time.Hour, Interval: time.Minute,
		Now: func() time.Time { return reportsNow }}
	if err := rollup.Backfill(ctx, reportsNow.AddDate(0, 0, -days), reportsNow); err != nil {
		tb.Fatal(err)
	}
}

// newReportsApp is the application over table at reportsNow, with an admin
// key and the roster naming one operator.
func newReportsApp(tb testing.TB, table persistence.Table) *runtime.App {
	tb.Helper()
	cfg := load(tb, map[string]string{"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"ADMIN_API_KEY": "k", "LLM_PRICES": "gpt-4o-mini=0.15/0.60"})
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{Table: table, Now: func() time.Time { return reportsNow }})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = app.Close() })
	return app
}

// The application serves the reports of the rollup's day items at
// GET /admin/api/reports, priced with LLM_PRICES, by local day.
func TestReportsAPIServesTheRollup(t *testing.T) {
	table := memory.New()
	seedReportSessions(t, table, 300, 20)
	app := newReportsApp(t, table)
	r := do(t, app, "GET", "/admin/api/reports?from=2026-11-01&to=2026-11-27&by=week", nil, map[string]string{"X-Admin-Key": "k"})
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	var got struct{ Report reports.Report }
	if err := json.Unmarshal([]byte(r.body), &got); err != nil {
		t.Fatal(err)
	}
	total := got.Report.Total
	if total.Funnel.Conversations != 300 || total.Funnel.Closed != 100 || total.Usage.Cost == nil || got.Report.TimeZone != "America/Sao_Paulo" {
		t.Errorf("report total = %+v in %s, want 300 conversations, 100 closed, a cost", total, got.Report.TimeZone)
	}
	if len(got.Report.Periods) != 5 || got.Report.Periods[0].Start != "2026-10-26" || len(got.Report.Operators) != 10 {
		t.Errorf("%d weeks from %s, %d operators; want 5 weeks from Monday 26 October, 10 operators",
			len(got.Report.Periods), got.Report.Periods[0].Start, len(got.Report.Operators))
	}
}

// reportGet is one GET of the report API, for the benchmark.
func reportGet(b *testing.B, app *runtime.App, target string) {
	req := httptest.NewRequest("GET", target, nil)
	req.Header.Set("X-Admin-Key", "k")
	res, err := app.HTTP().Test(req, 10_000)
	if err != nil || res.StatusCode != 200 {
		b.Fatalf("GET %s: %v %v", target, res, err)
	}
	_ = res.Body.Close()
}
