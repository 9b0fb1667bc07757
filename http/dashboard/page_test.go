package dashboard_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/dashboard"
)

func TestPageRendersTheToolsAndLinks(t *testing.T) {
	e := newEnv(t)
	r := e.do(t, httptest.NewRequest(http.MethodGet, "/", nil))
	wantStatus(t, r, http.StatusOK)
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("Content-Type = %q, want HTML", ct)
	}
	page := string(r.body)
	for _, want := range []string{
		`href="/admin"`, `href="/admin/demands"`, `href="/admin/llm-costs"`, `href="/admin/alerts"`, `href="/atendimento"`,
		`name="phone-input"`, `name="instance-input"`, `<option value="instance_b">`, "ignored by the server",
		`name="content"`, `name="media-type"`, `id="clear-chat"`,
		`<option value="empresa">`, `<option value="TRIAGE">`, `data-target="llm"`,
		`<script type="module" src="/dashboard/static/js/main.js">`, `href="/dashboard/static/dashboard.css"`,
		`data-states="` + strings.Trim(fmt.Sprint(domain.States()), "[]") + `"`,
		`href="/admin/settings/knowledge"`, `href="/admin/settings/catalogue"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}

func TestPageSaysWhatIsMissing(t *testing.T) {
	e := newEnv(t, func(_ *dashboard.Config, d *dashboard.Deps) {
		d.Logs, d.Fixtures, d.Smokes = nil, nil, nil
	})
	r := e.do(t, httptest.NewRequest(http.MethodGet, "/", nil))
	wantStatus(t, r, http.StatusOK)
	page := string(r.body)
	for _, want := range []string{
		"without an in-memory log buffer",
		"No fixture harness",
		"No adapter smokes",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func TestStaticAssets(t *testing.T) {
	e := newEnv(t)
	assets := map[string]string{"/dashboard/static/dashboard.css": "text/css"}
	for _, module := range []string{"main", "dom", "chat", "session", "tabs", "logs", "fixtures", "knowledge", "prompts", "smokes"} {
		// Browsers refuse a module script served with a non-JavaScript type.
		assets["/dashboard/static/js/"+module+".js"] = "text/javascript"
	}
	for path, ctype := range assets {
		r := e.do(t, httptest.NewRequest(http.MethodGet, path, nil))
		wantStatus(t, r, http.StatusOK)
		if got := r.header.Get("Content-Type"); !strings.HasPrefix(got, ctype) {
			t.Errorf("%s: Content-Type %q, want %s", path, got, ctype)
		}
		if len(r.body) < 300 {
			t.Errorf("%s: %d bytes, want the asset", path, len(r.body))
		}
	}
	for _, path := range []string{"/dashboard/static/missing.js", "/dashboard/static/../templates/index.html", "/dashboard/static/"} {
		r := e.do(t, httptest.NewRequest(http.MethodGet, path, nil))
		if r.status != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, r.status)
		}
	}
}
