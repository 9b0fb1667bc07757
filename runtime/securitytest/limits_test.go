package securitytest_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/http/httperr"
)

// oversized is 1 MiB of text: past every admin, console and dashboard
// write's bound, under the application's (the webhook's 3 MB).
var oversized = strings.Repeat("a", 1<<20)

// writeParams fills the parameters of a write route with values each
// handler would otherwise take.
var writeParams = strings.NewReplacer(
	":phone", "5511988887777", ":session", "s1", ":code", "boas_vindas", ":agent_id", "triage",
	":id", "pacote", ":name", "fixture", ":target", "alvo", ":action", "reply", ":package_id", "pacote")

// Every write of the admin pages and API, the console and the dashboard
// refuses a 1 MiB body with 413 (never a 500, as a 1 MiB saved reply got)
// before its handler runs, so nothing is stored: a form gets a page in
// pt-BR, anything else the JSON error. The routes are the application's
// own, so a write added later is probed too. The webhook (its own bounds)
// and the dashboard's media upload (a customer's file, up to the webhook's
// 3 MB) are left out.
func TestEveryWriteRefusesAnOversizedBody(t *testing.T) {
	tg := start(t, nil, nil)
	session := tg.login(t)
	before := countItems(t, tg.table, "")
	probed := 0
	for _, r := range tg.app.HTTP().GetRoutes(true) {
		switch {
		case r.Method != http.MethodPost && r.Method != http.MethodPut && r.Method != http.MethodDelete && r.Method != http.MethodPatch:
			continue
		case strings.HasPrefix(r.Path, "/webhook") || r.Path == "/media":
			continue
		}
		path := writeParams.Replace(r.Path)
		for _, asForm := range []bool{true, false} {
			header := map[string]string{"Origin": tg.base, "X-Admin-Key": adminKey, "Cookie": cookie(session)["Cookie"],
				"Content-Type": "application/json"}
			body := `{"text":"` + oversized + `"}`
			if asForm {
				header["Content-Type"] = "application/x-www-form-urlencoded"
				body = url.Values{"text": {oversized}}.Encode()
			}
			res := tg.do(t, r.Method, path, body, header)
			probed++
			if res.status != http.StatusRequestEntityTooLarge {
				t.Errorf("%s %s (form %v): %d, want 413: %.200s", r.Method, path, asForm, res.status, res.body)
				continue
			}
			html := strings.HasPrefix(res.header.Get("Content-Type"), "text/html")
			switch {
			case html && !strings.Contains(res.body, "KB"):
				t.Errorf("%s %s (form %v): the page gives no reason: %.300s", r.Method, path, asForm, res.body)
			case !html && !isJSONError(res.body, "payload_too_large"):
				t.Errorf("%s %s (form %v): not the JSON error: %.200s", r.Method, path, asForm, res.body)
			case html && !asForm:
				t.Errorf("%s %s: a script's call got a page", r.Method, path)
			}
		}
	}
	if probed < 40 {
		t.Errorf("probed %d writes: the route list lost its writes", probed)
	}
	if after := countItems(t, tg.table, ""); after != before {
		t.Errorf("%d items before the probes, %d after: a refused write stored something", before, after)
	}
}

// A body within the bound whose one field is past its own bound is 422
// with the reason, never a 500, and stores nothing.
func TestFieldsPastTheirBoundAreRefused(t *testing.T) {
	tg := start(t, nil, nil)
	long := strings.Repeat("é", 5000)
	api := map[string]string{"X-Admin-Key": adminKey, "Content-Type": "application/json"}
	page := with(form, "Origin", "")
	for _, tc := range []struct {
		name, method, path, body string
		header                   map[string]string
		code                     string // the JSON error's; "" for a page
		reason                   string // on the page
	}{
		{"a saved reply by the API", "PUT", "/admin/api/saved-replies/longa", `{"text":"` + long + `"}`, api, "text_too_long", ""},
		{"a saved reply on its page", "POST", "/admin/settings/replies/saved",
			url.Values{"code": {"longa"}, "text": {long}}.Encode(), page, "", "4096 caracteres"},
		{"a template body on its page", "POST", "/admin/settings/replies/templates",
			url.Values{"name": {"longo"}, "language": {"pt_BR"}, "body": {long}}.Encode(), page, "", "1024 caracteres"},
		{"a template name on its page", "POST", "/admin/settings/replies/templates",
			url.Values{"name": {strings.Repeat("n", 600)}, "language": {"pt_BR"}, "body": {"Olá"}}.Encode(), page, "", "512 caracteres"},
		{"a chat message", "POST", "/chat", url.Values{"phone-input": {"5511988887777"}, "content": {long}}.Encode(), form,
			"content_too_long", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := countItems(t, tg.table, "")
			res := tg.do(t, tc.method, tc.path, tc.body, tc.header)
			if res.status != http.StatusUnprocessableEntity {
				t.Fatalf("%d, want 422: %.300s", res.status, res.body)
			}
			if tc.code != "" && !isJSONError(res.body, tc.code) {
				t.Errorf("not the JSON error %q: %.300s", tc.code, res.body)
			}
			if tc.reason != "" && !strings.Contains(res.body, tc.reason) {
				t.Errorf("the page does not say %q", tc.reason)
			}
			if after := countItems(t, tg.table, ""); after != before {
				t.Errorf("%d items before, %d after: the refused field was stored", before, after)
			}
		})
	}
}

// isJSONError says whether body is the JSON error with code and a message.
func isJSONError(body, code string) bool {
	var e httperr.Body
	return json.Unmarshal([]byte(body), &e) == nil && e.Error.Code == code && e.Error.Message != ""
}
