package securitytest_test

import (
	"net/http"
	"testing"
)

// Every page, its assets and the answers of its scripts carry a
// Content-Security-Policy and refuse framing and content sniffing: the
// console, the admin pages (open, as development surfaces) and the
// development dashboard, whether the answer is the page, a redirect to the
// login or an error.
func TestEveryPageSendsTheSecurityHeaders(t *testing.T) {
	tg := start(t, nil, nil)
	session := cookie(tg.login(t))
	pages := []struct {
		path   string
		header map[string]string
		status int
	}{
		{"/", nil, http.StatusOK},
		{"/dashboard/static/dashboard.css", nil, http.StatusOK},
		{"/dashboard/fixtures", nil, http.StatusOK},
		{"/dashboard/knowledge", nil, http.StatusOK},
		{"/dashboard/static/js/main.js", nil, http.StatusOK},
		{"/atendimento/login", nil, http.StatusOK},
		{"/atendimento/", nil, http.StatusSeeOther},
		{"/atendimento/", session, http.StatusOK},
		{"/atendimento/conversations", session, http.StatusOK},
		{"/atendimento/static/console.css", nil, http.StatusOK},
		{"/atendimento/api/queue", session, http.StatusOK},
		{"/admin", nil, http.StatusOK},
		{"/admin/login", nil, http.StatusOK},
		{"/admin/sessions", nil, http.StatusOK},
		{"/admin/demands", nil, http.StatusOK},
		{"/admin/llm-costs", nil, http.StatusOK},
		{"/admin/alerts", nil, http.StatusOK},
		{"/admin/people", nil, http.StatusOK},
		{"/admin/settings", nil, http.StatusOK},
		{"/admin/settings/business", nil, http.StatusOK},
		{"/admin/settings/catalogue", nil, http.StatusOK},
		{"/admin/settings/knowledge", nil, http.StatusOK},
		{"/admin/settings/prompts", nil, http.StatusOK},
		{"/admin/settings/replies", nil, http.StatusOK},
		{"/admin/settings/crm", nil, http.StatusOK},
		{"/admin/settings/hours", nil, http.StatusOK},
		{"/admin/api/sessions", nil, http.StatusUnauthorized},
		{"/admin/no-such-page", nil, http.StatusNotFound},
	}
	for _, p := range pages {
		res := tg.do(t, "GET", p.path, "", p.header)
		if res.status != p.status {
			t.Errorf("GET %s: %d, want %d", p.path, res.status, p.status)
		}
		if csp := res.header.Get("Content-Security-Policy"); csp == "" {
			t.Errorf("GET %s: no Content-Security-Policy", p.path)
		}
		if got := res.header.Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("GET %s: X-Frame-Options %q, want DENY", p.path, got)
		}
		if got := res.header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options %q, want nosniff", p.path, got)
		}
		if got := res.header.Get("Referrer-Policy"); got != "same-origin" {
			t.Errorf("GET %s: Referrer-Policy %q, want same-origin", p.path, got)
		}
	}
}
