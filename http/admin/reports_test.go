package admin_test

import (
	"html"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

// seedReports writes a small world: conversations in several states, one
// reset, a handoff nobody took, model usage over two days, failures, and
// projections in every status.
func seedReports(f *fixture) {
	s := f.seed()
	s.session("+5511900000001", "a", domain.StateQualifying, now.Add(-time.Hour), nil)
	s.session("+5511900000002", "b", domain.StateQualifying, now.Add(-time.Hour), nil)
	s.session("+5511900000003", "c", domain.StateHandoff, now.Add(-3*time.Hour), func(x *domain.Session) {
		x.HandoffReason, x.HandoffRenotificationCount = domain.HandoffCustomerRequest, 3
		at := now.Add(-20 * time.Minute)
		x.HandoffRenotifiedAt = &at
	})
	s.session("+5511900000004", "d", domain.StateHandoff, now.Add(-5*time.Minute), func(x *domain.Session) {
		x.HandoffReason = domain.HandoffDataComplete
	})
	s.session("+5511900000005", "e", domain.StateClosed, now.Add(-time.Hour), nil)
	s.session("+5511900000006", "f", domain.StateDataCollect, now.Add(-time.Hour), nil)
	if err := persistence.NewSessions(f.table).Reset(f.t.Context(), "+5511900000006"); err != nil {
		f.t.Fatal(err)
	}

	msg := func(id, phone, session string, at time.Time, edit func(*domain.Message)) {
		m := domain.Message{MessageID: id, SessionID: session, PhoneNumber: phone, Content: "x", Timestamp: at,
			StateBefore: domain.StateQualifying, StateAfter: domain.StateQualifying, Direction: domain.DirectionOutbound}
		edit(&m)
		s.message(m)
	}
	day1, day2 := now.Add(-26*time.Hour), now.Add(-time.Hour)
	msg("u1", "+5511900000001", "a", day1, func(m *domain.Message) {
		m.LLMModel, m.TokensInput, m.TokensOutput = "gpt-4o-mini-2024-07-18", 1_000_000, 100_000
	})
	msg("u2", "+5511900000001", "a", day2, func(m *domain.Message) {
		m.LLMModel, m.TokensInput, m.TokensOutput = "gpt-4o-mini-2024-07-18", 500_000, 0
	})
	msg("u3", "+5511900000002", "b", day2, func(m *domain.Message) {
		m.LLMModel, m.TokensInput, m.TokensOutput, m.Error = "gpt-4o-mini", 1_000_000, 1_000_000, domain.ErrorSuperseded
	})
	msg("u4", "+5511900000002", "b", day2, func(m *domain.Message) {
		m.LLMModel, m.TokensInput, m.TokensOutput = "mystery-model", 10, 20
	})
	msg("f1", "+5511900000002", "b", now.Add(-50*time.Minute), func(m *domain.Message) {
		m.Error, m.Agent, m.Direction = "model timeout after 3 attempts", domain.AgentQualifier, domain.DirectionSystem
	})
	msg("f2", "+5511900000001", "a", now.Add(-40*time.Minute), func(m *domain.Message) {
		m.OutboxStatus, m.Error = domain.OutboxFailed, "permanent: recipient not on the platform"
	})
	msg("f3", "+5511900000001", "a", now.Add(-35*time.Minute), func(m *domain.Message) {
		m.ProviderMessageID, m.DeliveryStatus = "wamid.1", domain.DeliveryFailed
	})

	s.projection("a", persistence.ProjectionPending, nil)
	s.projection("b", persistence.ProjectionSynced, nil)
	s.projection("c", persistence.ProjectionBlocked, func(p *persistence.CRMProjection) {
		p.LastError, p.LastErrorKind = "400 bad phone", domain.ErrorKindPermanent
	})
	s.projection("d", persistence.ProjectionUncertain, nil)
}

func TestCostsPerModelPerDay(t *testing.T) {
	f := newFixture(t, admin.Config{Prices: map[string]admin.Price{
		"gpt-4o-mini": {Input: 0.15, Output: 0.60},
		"gpt-4o":      {Input: 2.5, Output: 10},
	}})
	seedReports(f)
	var r admin.CostReport
	f.getJSON("/admin/api/llm-costs", &r)
	type row struct {
		day, model string
		calls      int
		in, out    int64
		cost       float64
		priced     bool
	}
	want := []row{
		{"2025-03-10", "gpt-4o-mini", 1, 1_000_000, 1_000_000, 0.75, true},
		{"2025-03-10", "gpt-4o-mini-2024-07-18", 1, 500_000, 0, 0.075, true},
		{"2025-03-10", "mystery-model", 1, 10, 20, 0, false},
		{"2025-03-09", "gpt-4o-mini-2024-07-18", 1, 1_000_000, 100_000, 0.21, true},
	}
	if len(r.Rows) != len(want) {
		t.Fatalf("rows = %+v, want %d", r.Rows, len(want))
	}
	for i, w := range want {
		g := r.Rows[i]
		if g.Day != w.day || g.Model != w.model || g.Calls != w.calls || g.TokensInput != w.in || g.TokensOutput != w.out ||
			(g.Cost != nil) != w.priced || (w.priced && !near(*g.Cost, w.cost)) {
			t.Errorf("row %d = %+v (cost %v), want %+v", i, g, g.Cost, w)
		}
	}
	if r.Total.Calls != 4 || r.Total.Cost == nil || !near(*r.Total.Cost, 1.035) {
		t.Errorf("total = %+v", r.Total)
	}
	if len(r.Unpriced) != 1 || r.Unpriced[0] != "mystery-model" || r.Scan.Truncated {
		t.Errorf("unpriced %v, scan %+v", r.Unpriced, r.Scan)
	}

	f.getJSON("/admin/api/llm-costs?days=1", &r)
	if len(r.Rows) != 3 || r.Days != 1 {
		t.Errorf("?days=1 rows = %+v", r.Rows)
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func TestAlerts(t *testing.T) {
	f := newFixture(t, admin.Config{MaxRenotifications: 3, RenotifyAfter: 10 * time.Minute})
	seedReports(f)
	var r admin.AlertReport
	f.getJSON("/admin/api/alerts", &r)
	wantCounts := map[string]int{
		admin.AlertProjectionBlocked: 1, admin.AlertProjectionUncertain: 1, admin.AlertHandoffUnattended: 1,
		admin.AlertModelFailure: 1, admin.AlertSendFailure: 2,
	}
	for kind, n := range wantCounts {
		if r.Counts[kind] != n {
			t.Errorf("counts[%s] = %d, want %d (alerts %+v)", kind, r.Counts[kind], n, r.Alerts)
		}
	}
	if len(r.Alerts) != 6 {
		t.Fatalf("%d alerts, want 6: %+v", len(r.Alerts), r.Alerts)
	}
	for i := 1; i < len(r.Alerts); i++ {
		if r.Alerts[i].At.After(r.Alerts[i-1].At) {
			t.Errorf("alerts are not newest first: %+v", r.Alerts)
		}
	}
	byKind := map[string]admin.Alert{}
	for _, a := range r.Alerts {
		byKind[a.Kind] = a
	}
	if a := byKind[admin.AlertHandoffUnattended]; a.SessionID != "c" || a.PhoneNumber != "+5511900000003" {
		t.Errorf("handoff alert = %+v, want session c (d is waiting only 5 minutes, without reminders)", a)
	}
	if a := byKind[admin.AlertModelFailure]; a.MessageID != "f1" || !strings.Contains(a.Detail, "QUALIFIER") {
		t.Errorf("model failure = %+v", a)
	}
	if a := byKind[admin.AlertProjectionBlocked]; a.SessionID != "c" || !strings.Contains(a.Detail, "400 bad phone") {
		t.Errorf("blocked projection = %+v", a)
	}
}

func TestOverviewPageShowsStatesQueueAndProjections(t *testing.T) {
	f := newFixture(t, admin.Config{})
	seedReports(f)
	status, body := f.do("GET", "/admin", "", nil)
	if status != 200 {
		t.Fatalf("GET /admin = %d %s", status, body)
	}
	body = html.UnescapeString(body) // html/template writes + as &#43;
	for _, want := range []string{
		"Conversas ativas (4)", // a, b, c, d: e is closed, f was reset
		`<td>Com o bot (qualificação)</td><td class="n">2</td>`,
		`<td>Aguardando atendente</td><td class="n">2</td>`,
		`<td>Com o bot (cadastro)</td><td class="n">0</td>`,
		`<td>Encerrada</td><td class="n">1</td>`, // e: every state is listed, as on the dashboard
		"Fila de atendimento (2)",
		"(11) 90000-0003", "o cliente pediu uma pessoa",
		`<td>Bloqueada (precisa de ajuste)</td><td class="n">1</td>`,
		`<td>Enviada</td><td class="n">1</td>`,
		`action="/admin/reset"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/admin lacks %q", want)
		}
	}
	// The longest waiting handoff comes first.
	if strings.Index(body, "(11) 90000-0003") > strings.Index(body, "(11) 90000-0004") {
		t.Error("handoff queue is not longest-waiting first")
	}
}

func TestPagesRender(t *testing.T) {
	f := newFixture(t, admin.Config{MaxRenotifications: 3, Prices: map[string]admin.Price{"gpt-4o-mini": {Input: 0.15, Output: 0.6}}})
	seedReports(f)
	f.seed().demand("jardinagem <b>vertical</b>", now)
	for path, wants := range map[string][]string{
		"/admin/demands":   {"jardinagem <b>vertical</b>", "varejo"},
		"/admin/llm-costs": {"gpt-4o-mini-2024-07-18", "0.0750", "Nenhum preço configurado para: mystery-model"},
		"/admin/alerts":    {"Envio ao CRM bloqueado", "permanent: recipient not on the platform", "Cliente sem atendente", "sem atendente depois de 3 lembretes (motivo: "},
	} {
		status, body := f.do("GET", path, "", nil)
		if status != 200 {
			t.Errorf("GET %s = %d", path, status)
			continue
		}
		if strings.Contains(body, "<b>vertical") {
			t.Errorf("%s does not escape stored text", path)
		}
		body = html.UnescapeString(body)
		for _, want := range wants {
			if !strings.Contains(body, want) {
				t.Errorf("%s lacks %q", path, want)
			}
		}
	}
	if status, body := f.do("GET", "/admin/llm-costs?days=abc", "", nil); status != 400 || errorOf(t, body).Code != "invalid_days" {
		t.Errorf("bad ?days = %d %s", status, body)
	}
}
