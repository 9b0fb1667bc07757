package runtime_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

func TestMetricsServesTheCollectorsInPrometheusFormat(t *testing.T) {
	table := &brokenTable{Table: memory.New()}
	ctx := context.Background()
	now := time.Now().Add(-time.Minute)
	projections := persistence.NewProjections(table)
	for _, id := range []string{"s1", "s2"} {
		if _, err := projections.PutDesired(ctx, id, domain.Desired{Stage: "new"}, now); err != nil {
			t.Fatal(err)
		}
	}
	app := newApp(t, map[string]string{"METRICS_TOKEN": testMetricsToken}, table)
	m := app.Metrics()
	m.Turn(runtime.TurnReplied)
	m.Turn(runtime.TurnSuperseded)
	m.ModelCall("gpt-test", true, 120, 30, 800*time.Millisecond)
	m.ModelCall("gpt-test", false, 0, 0, 2*time.Second)
	m.DebounceMerged(2)
	m.Sent("")
	m.Sent(domain.ErrorKindPermanent)
	m.ActorStarted()
	m.ActorStarted()
	m.ActorStopped()

	res := do(t, app, "GET", "/metrics", nil, metricsAuth)
	if res.status != http.StatusOK {
		t.Fatalf("/metrics = %d %s", res.status, res.body)
	}
	for _, want := range []string{
		`intake_turns_total{outcome="replied"} 1`,
		`intake_turns_total{outcome="superseded"} 1`,
		`intake_model_calls_total{model="gpt-test",outcome="ok"} 1`,
		`intake_model_calls_total{model="gpt-test",outcome="error"} 1`,
		`intake_model_tokens_total{kind="input",model="gpt-test"} 120`,
		`intake_model_tokens_total{kind="output",model="gpt-test"} 30`,
		`intake_model_call_duration_seconds_count{model="gpt-test"} 2`,
		`intake_debounce_merged_messages_total 2`,
		`intake_sends_total{outcome="sent"} 1`,
		`intake_sends_total{outcome="permanent"} 1`,
		`intake_session_actors 1`,
		`intake_inbound_paced 0`,
		`intake_projections{status="PENDING"} 2`,
		`intake_projections{status="BLOCKED"} 0`,
		`go_goroutines`,
		`# TYPE intake_turns_total counter`,
	} {
		if !strings.Contains(res.body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(res.body, `intake_projection_oldest_pending_seconds 0`+"\n") {
		t.Errorf("the oldest pending projection is a minute old, /metrics says 0")
	}
}

// A table that does not answer drops the series read from it, not the page;
// a failed reading is not kept, so the next scrape reads the table again.
func TestMetricsWithoutTheTableServeTheRest(t *testing.T) {
	table := &brokenTable{Table: memory.New()}
	app := newApp(t, map[string]string{"METRICS_TOKEN": testMetricsToken}, table)
	table.broken.Store(true)
	for range 2 {
		res := do(t, app, "GET", "/metrics", nil, metricsAuth)
		if res.status != http.StatusOK || strings.Contains(res.body, "intake_projections{") || !strings.Contains(res.body, "go_goroutines") {
			t.Errorf("/metrics with a broken table = %d, projections present: %t", res.status, strings.Contains(res.body, "intake_projections{"))
		}
	}
	table.broken.Store(false)
	if res := do(t, app, "GET", "/metrics", nil, metricsAuth); !strings.Contains(res.body, "intake_projections{") {
		t.Errorf("/metrics once the table answers again has no projections:\n%.300s", res.body)
	}
}

func TestHTTPMiddlewareCountsRequestsBySurface(t *testing.T) {
	app := newApp(t, map[string]string{"DEV_UI_ENABLED": "false"}, nil)
	m := runtime.NewMetrics(memory.New())
	app.HTTP().Use(m.HTTP()) // after the routes: runs for paths nothing else answered
	do(t, app, "GET", "/webhook/nothing", nil, nil)
	count, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range count {
		if f.GetName() != "intake_http_requests_total" {
			continue
		}
		for _, metric := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range metric.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["surface"] == "webhook" && labels["code"] == "404" && metric.GetCounter().GetValue() == 1 {
				found = true
			}
		}
	}
	if !found {
		t.Errorf("intake_http_requests_total{surface=webhook,code=404} not counted: %v", count)
	}
}

// Refused credentials are counted where they happen: wrong and missing
// admin keys on the API, wrong login codes on the console and the admin
// login.
func TestMetricsCountRefusedCredentials(t *testing.T) {
	const key = "admin-key-for-tests-0123456789"
	app := newApp(t, map[string]string{"METRICS_TOKEN": testMetricsToken, "ADMIN_API_KEY": key, "ADMIN_PHONES": "(11) 98888-7777"}, nil)
	form := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
	requests := []struct {
		method, path, body string
		header             map[string]string
	}{
		{"GET", "/admin/api/demands", "", map[string]string{"X-Admin-Key": "wrong"}},
		{"GET", "/admin/api/demands", "", map[string]string{"X-Admin-Key": "wrong"}},
		{"GET", "/admin/api/demands", "", nil},
		{"POST", "/atendimento/verify", "phone=%2B5511977776666&code=000000", form},
		{"POST", "/admin/verify", "phone=%2B5511988887777&code=000000", form},
	}
	for _, r := range requests {
		do(t, app, r.method, r.path, strings.NewReader(r.body), r.header)
	}
	res := do(t, app, "GET", "/metrics", nil, metricsAuth)
	for _, want := range []string{
		`intake_admin_key_refusals_total{reason="wrong"} 2`,
		`intake_admin_key_refusals_total{reason="missing"} 1`,
		`intake_login_code_refusals_total{surface="atendimento"} 1`,
		`intake_login_code_refusals_total{surface="admin"} 1`,
	} {
		if !strings.Contains(res.body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}
