package runtime_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
)

// developmentRoutes are the development surfaces of the spec's endpoint
// table (and case or slash variants fiber routes the same way).
var developmentRoutes = []struct{ method, path string }{
	{"GET", "/"},
	{"POST", "/chat"},
	{"POST", "/media"},
	{"GET", "/dashboard/logs"},
	{"POST", "/dashboard/clear-chat"},
	{"GET", "/dashboard/knowledge/empresa"},
	{"POST", "/dashboard/knowledge/empresa"},
	{"GET", "/dashboard/prompts/TRIAGE"},
	{"POST", "/dashboard/run-fixture/greeting"},
	{"POST", "/dashboard/run-all-fixtures"},
	{"POST", "/dashboard/run-smoke/crm"},
	{"POST", "/dashboard/run-all-smokes"},
	{"POST", "/admin/reset"},
	{"GET", "/admin/prompts/TRIAGE"},
	{"GET", "/admin/apix"},
	{"GET", "/admin/api/../../dashboard/logs"},
	{"GET", "/dashboard/probe"}, // mounted by the test after New: gated by default
	{"GET", "/chat/probe"},
	{"GET", "/metrics"}, // without METRICS_TOKEN (metricsaccess_test.go has it with one)
}

// operationalRoutes pass the gate; the probes stand for surfaces whose
// handlers other packages mount.
var operationalRoutes = []struct{ method, path string }{
	{"GET", "/healthz"},
	{"GET", "/HEALTHZ/"},
	{"GET", "/readyz"},
	{"GET", "/webhook/gate-probe"},
	{"GET", "/atendimento/gate-probe"},
}

func mountProbes(app interface{ HTTP() *fiber.App }) {
	ok := func(c *fiber.Ctx) error { return c.SendString("probe") }
	for _, p := range []string{"/dashboard/probe", "/chat/probe", "/webhook/gate-probe", "/atendimento/gate-probe"} {
		app.HTTP().Get(p, ok)
	}
}

func TestGateOffAnswers404ToEveryDevelopmentRoute(t *testing.T) {
	app := newApp(t, map[string]string{"DEV_UI_ENABLED": "false"}, nil)
	mountProbes(app)
	for _, r := range developmentRoutes {
		res := do(t, app, r.method, r.path, nil, nil)
		if res.status != http.StatusNotFound || errorCode(res.body) != "not_found" {
			t.Errorf("%s %s with the gate off = %d %s, want 404 with the error body", r.method, r.path, res.status, res.body)
		}
	}
	for _, r := range operationalRoutes {
		if res := do(t, app, r.method, r.path, nil, nil); res.status != http.StatusOK {
			t.Errorf("%s %s with the gate off = %d %s, want 200", r.method, r.path, res.status, res.body)
		}
	}
	// The real operator console answers whatever it answers (a login
	// redirect), never the gate's 404.
	if res := do(t, app, "GET", "/atendimento", nil, nil); res.status == http.StatusNotFound {
		t.Errorf("GET /atendimento with the gate off = 404 %s", res.body)
	}
	if res := do(t, app, "GET", "/healthz", nil, nil); strings.TrimSpace(res.body) != `{"ok":true}` {
		t.Errorf("/healthz = %s, want {\"ok\":true} and nothing more", res.body)
	}
}

// With the gate off the admin pages pass it, behind the owners' login: each
// sends a visitor without an admin session to the login page, which answers.
func TestGateOffLeavesTheAdminPagesBehindTheLogin(t *testing.T) {
	app := newApp(t, map[string]string{"DEV_UI_ENABLED": "false", "ADMIN_PHONES": "(11) 98888-7777"}, nil)
	for _, path := range []string{"/admin", "/admin/", "/ADMIN", "/admin/sessions", "/admin/demands", "/admin/llm-costs", "/admin/alerts", "/admin/people",
		"/admin/settings", "/admin/settings/hours", "/admin/settings/catalogue", "/admin/settings/prompts/triage", "/admin/audit",
		"/admin/person", "/admin/person/export?phone=11988887777"} {
		res := do(t, app, "GET", path, nil, nil)
		if res.status != http.StatusSeeOther || res.header.Get("Location") != "/admin/login" {
			t.Errorf("GET %s with the gate off = %d to %q, want a redirect to /admin/login", path, res.status, res.header.Get("Location"))
		}
	}
	if res := do(t, app, "POST", "/admin/people/%2B5511977776666", strings.NewReader("disabled=true"), map[string]string{"Content-Type": "application/x-www-form-urlencoded"}); res.status != http.StatusSeeOther || res.header.Get("Location") != "/admin/login" {
		t.Errorf("POST /admin/people/{phone} with the gate off = %d to %q, want a redirect to /admin/login", res.status, res.header.Get("Location"))
	}
	if res := do(t, app, "GET", "/admin/login", nil, nil); res.status != http.StatusOK || !strings.Contains(res.body, "Acesso da administração") {
		t.Errorf("GET /admin/login with the gate off = %d, want the pt-BR login page", res.status)
	}
}

func TestGateOnLetsDevelopmentRoutesThrough(t *testing.T) {
	app := newApp(t, map[string]string{"DEV_UI_ENABLED": "true"}, nil)
	mountProbes(app)
	for _, path := range []string{"/admin", "/admin/demands", "/admin/llm-costs", "/admin/alerts", "/dashboard/probe"} {
		if res := do(t, app, "GET", path, nil, nil); res.status != http.StatusOK {
			t.Errorf("GET %s with the gate on = %d %s, want 200", path, res.status, res.body)
		}
	}
	res := do(t, app, "POST", "/admin/reset", strings.NewReader(`{"phone":"+5511999990000"}`), map[string]string{"Content-Type": "application/json"})
	if res.status != http.StatusOK {
		t.Errorf("POST /admin/reset with the gate on = %d %s", res.status, res.body)
	}
}

func TestAdminAPIChecksItsKeyWithTheGateOff(t *testing.T) {
	const key = "admin-key-for-tests-0123456789"
	app := newApp(t, map[string]string{"DEV_UI_ENABLED": "false", "ADMIN_API_KEY": key}, nil)
	tests := []struct {
		name   string
		header map[string]string
		status int
		code   string
	}{
		{"no key", nil, http.StatusUnauthorized, "missing_admin_key"},
		{"wrong key", map[string]string{"X-Admin-Key": "nope"}, http.StatusUnauthorized, "invalid_admin_key"},
		{"key with a suffix", map[string]string{"X-Admin-Key": key + "x"}, http.StatusUnauthorized, "invalid_admin_key"},
		{"right key", map[string]string{"X-Admin-Key": key}, http.StatusOK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := do(t, app, "GET", "/admin/api/demands", nil, tt.header)
			if res.status != tt.status || errorCode(res.body) != tt.code {
				t.Errorf("GET /admin/api/demands = %d %s, want %d %q", res.status, res.body, tt.status, tt.code)
			}
		})
	}
	// Unknown API paths are not revealed before the key is checked.
	if res := do(t, app, "GET", "/admin/api/nothing-here", nil, nil); res.status != http.StatusUnauthorized {
		t.Errorf("unknown API path without the key = %d", res.status)
	}
}

func TestAdminAPIIsClosedWithoutAConfiguredKey(t *testing.T) {
	app := newApp(t, map[string]string{"DEV_UI_ENABLED": "true"}, nil)
	for _, header := range []map[string]string{nil, {"X-Admin-Key": ""}, {"X-Admin-Key": "anything"}} {
		res := do(t, app, "GET", "/admin/api/demands", nil, header)
		if res.status != http.StatusUnauthorized || errorCode(res.body) != "admin_api_not_configured" {
			t.Errorf("GET /admin/api/demands (header %v) without ADMIN_API_KEY = %d %s, want 401 admin_api_not_configured", header, res.status, res.body)
		}
		if !strings.Contains(res.body, "not configured") {
			t.Errorf("the 401 must say the API is not configured: %s", res.body)
		}
	}
}

// With the gate on, the development surfaces answer only DEV_ALLOWED_HOSTS
// (without the port, case-insensitively); another Host, as a DNS-rebound
// name sends, answers 421. The operational routes answer any host.
func TestGateOnAnswersOnlyTheAllowedHosts(t *testing.T) {
	app := newApp(t, map[string]string{"DEV_UI_ENABLED": "true", "DEV_ALLOWED_HOSTS": "localhost,127.0.0.1"}, nil)
	mountProbes(app)
	tests := []struct {
		path, host string
		status     int
	}{
		{"/dashboard/probe", "localhost:8080", http.StatusOK},
		{"/dashboard/probe", "LOCALHOST", http.StatusOK},
		{"/dashboard/probe", "127.0.0.1:8080", http.StatusOK},
		{"/dashboard/probe", "rebound.example:8080", http.StatusMisdirectedRequest},
		{"/chat/probe", "localhost.rebound.example", http.StatusMisdirectedRequest},
		{"/dashboard/probe", "127.0.0.2", http.StatusMisdirectedRequest},
		{"/healthz", "rebound.example", http.StatusOK},
		{"/webhook/gate-probe", "intake.example.com", http.StatusOK},
	}
	for _, tt := range tests {
		req := httptest.NewRequest("GET", tt.path, nil)
		req.Host = tt.host
		req.Header.Set("X-Forwarded-Host", "localhost") // never believed
		res, err := app.HTTP().Test(req, 10_000)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tt.status {
			t.Errorf("GET %s for Host %s = %d %s, want %d", tt.path, tt.host, res.StatusCode, body, tt.status)
		}
		if tt.status == http.StatusMisdirectedRequest && errorCode(string(body)) != "host_not_allowed" {
			t.Errorf("GET %s for Host %s: body %s, want the error shape", tt.path, tt.host, body)
		}
	}
}
