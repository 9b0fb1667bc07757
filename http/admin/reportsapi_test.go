package admin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/persistence/persistencetest"
	"github.com/intake-runtime/intake/reports"
)

// askedSource records the query a report was asked with.
type askedSource struct{ q *reports.Query }

func (s askedSource) Report(_ context.Context, q reports.Query) (reports.Report, error) {
	*s.q = q
	return reports.Report{From: q.From.Format(time.DateOnly)}, nil
}

// The API reads its parameters as local days (UI_TIMEZONE), defaults to
// the last 30 days, and refuses a bad one with a code naming it.
func TestReportsAPIParameters(t *testing.T) {
	var asked reports.Query
	f := newFixture(t, admin.Config{Reports: askedSource{&asked}})
	type want struct {
		from, to, operator, service string
		by                          reports.Grouping
	}
	for _, c := range []struct {
		query string
		want  want
	}{
		// now is 2025-03-10 09:00 in São Paulo.
		{"", want{from: "2025-02-09", to: "2025-03-10", by: reports.ByDay}},
		{"?from=2025-01-01&to=2025-01-31&by=week", want{from: "2025-01-01", to: "2025-01-31", by: reports.ByWeek}},
		{"?to=2025-01-31", want{from: "2025-01-02", to: "2025-01-31", by: reports.ByDay}},
		{"?from=2024-03-10&to=2025-03-10", want{from: "2024-03-10", to: "2025-03-10", by: reports.ByDay}}, // 366 days
		{"?service=energia&operator=5511900000001&by=day", want{from: "2025-02-09", to: "2025-03-10", by: reports.ByDay, service: "energia", operator: "+5511900000001"}},
	} {
		status, body := f.do("GET", "/admin/api/reports"+c.query, "", nil)
		if status != 200 {
			t.Errorf("%q: %d %s", c.query, status, body)
			continue
		}
		got := want{from: asked.From.Format(time.DateOnly), to: asked.To.Format(time.DateOnly), by: asked.By, service: asked.Service, operator: asked.Operator}
		if got != c.want || asked.From.Location().String() != "America/Sao_Paulo" {
			t.Errorf("%q: asked %+v in %v, want %+v", c.query, got, asked.From.Location(), c.want)
		}
		var answer struct {
			Report *reports.Report `json:"report"`
		}
		if err := json.Unmarshal([]byte(body), &answer); err != nil || answer.Report == nil {
			t.Errorf("%q: answer %s is not {\"report\": ...}", c.query, body)
		}
	}
	for _, c := range []struct{ query, code string }{
		{"?from=10/03/2025", "invalid_from"},
		{"?to=2025-02-30", "invalid_to"},
		{"?from=2025-03-10&to=2025-03-09", "invalid_to"},
		{"?from=2024-03-09&to=2025-03-10", "invalid_range"}, // 367 days
		{"?by=month", "invalid_by"},
		{"?operator=maria", "invalid_operator"},
	} {
		status, body := f.do("GET", "/admin/api/reports"+c.query, "", nil)
		if status != 400 || errorOf(t, body).Code != c.code {
			t.Errorf("%q = %d %s, want 400 %s", c.query, status, body, c.code)
		}
	}
	if status, _ := f.do("GET", "/admin/api/reports", "", map[string]string{admin.KeyHeader: "wrong"}); status != 401 {
		t.Errorf("a wrong key = %d, want 401", status)
	}
	if status, body := newFixture(t, admin.Config{}).do("GET", "/admin/api/reports", "", nil); status != 503 || errorOf(t, body).Code != "reports_unavailable" {
		t.Errorf("without reports = %d %s, want 503 reports_unavailable", status, body)
	}
	failing := newFixture(t, admin.Config{Reports: &fixedReports{fail: true}})
	if status, body := failing.do("GET", "/admin/api/reports", "", nil); status != 503 || errorOf(t, body).Code != "report_failed" {
		t.Errorf("a failing report = %d %s, want 503 report_failed", status, body)
	}
}

// The report is served from the rollup's day items: the rollup and the
// request together make no scan of the table.
func TestReportsAPIScansNothing(t *testing.T) {
	table := &persistencetest.CountingTable{Table: memory.New(memory.WithClock(func() time.Time { return now }))}
	sessions, days := persistence.NewSessions(table), persistence.NewReportDays(table)
	for i := range 20 {
		s := domain.NewSession(fmt.Sprintf("s%02d", i), fmt.Sprintf("+55119000%05d", i), "instance_a", now.Add(-time.Duration(i)*6*time.Hour))
		if i%2 == 0 {
			s.ServiceIdentified = "energia"
		}
		if _, err := sessions.Create(t.Context(), s); err != nil {
			t.Fatal(err)
		}
	}
	zone, _ := time.LoadLocation("America/Sao_Paulo")
	rollup := &reports.Rollup{Sessions: sessions, Demands: persistence.NewDemands(table), Days: days, Zone: zone,
		AbandonAfter: 24 * time.Hour, Interval: time.Minute, Now: func() time.Time { return now }}
	if err := rollup.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	app, _, _ := mount(t, admin.Config{Reports: &reports.Store{Days: days, Zone: zone}}, table)
	f := &fixture{t: t, app: app}
	var answer struct{ Report reports.Report }
	f.getJSON("/admin/api/reports?by=week&service=energia", &answer)
	if answer.Report.Total.Funnel.Conversations != 10 || answer.Report.UpdatedAt == nil {
		t.Errorf("report = %+v, want the 10 energia conversations and the rollup's time", answer.Report.Total)
	}
	if n := table.Scans.Load(); n != 0 {
		t.Errorf("the rollup and the report scanned the table %d times; want queries only", n)
	}
}
