package securitytest_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/atendimento"
)

// TestAdminAPIRefusesWithoutItsKey: every admin API route refuses requests
// without the exact key in X-Admin-Key, however it is presented instead:
// 401, or 429 once the address sent too many wrong keys (and then the
// right key waits too).
func TestAdminAPIRefusesWithoutItsKey(t *testing.T) {
	tg := start(t, nil, nil)
	if res := tg.do(t, "GET", "/admin/api/demands", "", map[string]string{"X-Admin-Key": adminKey}); res.status != http.StatusOK {
		t.Errorf("with the key: /admin/api/demands = %d %s", res.status, res.body)
	}
	refused := func(status int) bool {
		return status == http.StatusUnauthorized || status == http.StatusForbidden || status == http.StatusTooManyRequests
	}
	routes := []string{
		"/admin/api/sessions/%2B5511977776666", "/admin/api/sessions/%2B5511977776666/messages",
		"/admin/api/projections/x", "/admin/api/demands", "/admin/api/llm-costs", "/admin/api/alerts",
		"/admin/api/prompts/TRIAGE",
	}
	probes := map[string]map[string]string{
		"no key":         nil,
		"empty key":      {"X-Admin-Key": ""},
		"wrong key":      {"X-Admin-Key": "wrong"},
		"key prefix":     {"X-Admin-Key": adminKey[:len(adminKey)-1]},
		"key and more":   {"X-Admin-Key": adminKey + "x"},
		"other case":     {"X-Admin-Key": strings.ToUpper(adminKey)},
		"bearer instead": {"Authorization": "Bearer " + adminKey},
		"cookie instead": {"Cookie": "X-Admin-Key=" + adminKey},
	}
	for _, route := range routes {
		for name, header := range probes {
			if res := tg.do(t, "GET", route, "", header); !refused(res.status) {
				t.Errorf("%s with %s = %d %.100s, want 401", route, name, res.status, res.body)
			}
		}
		if res := tg.do(t, "GET", route+"?key="+url.QueryEscape(adminKey), "", nil); !refused(res.status) {
			t.Errorf("%s with the key in the query = %d, want 401", route, res.status)
		}
	}
}

// oldCookie is what the previous release accepted: an HMAC cookie under a
// key derived from ADMIN_API_KEY, here for ten years. Anyone with the admin
// key could mint it for any operator.
func oldCookie(phone string) string {
	mac := hmac.New(sha256.New, []byte(adminKey))
	mac.Write([]byte("intake/atendimento/cookie-key/v1"))
	key := mac.Sum(nil)
	exp := time.Now().AddDate(10, 0, 0).Unix()
	payload := base64.RawURLEncoding.EncodeToString([]byte("v1|" + phone + "|" + strconv.FormatInt(exp, 10)))
	sig := hmac.New(sha256.New, key)
	sig.Write([]byte(payload))
	return payload + "." + base64.RawURLEncoding.EncodeToString(sig.Sum(nil))
}

// login logs the operator in through the console and returns the cookie.
func (tg *target) login(t *testing.T) string {
	t.Helper()
	tg.do(t, "POST", "/atendimento/login", url.Values{"phone": {operator}}.Encode(), form)
	var code string
	deadline := time.Now().Add(10 * time.Second)
	for code == "" && time.Now().Before(deadline) {
		for _, s := range tg.sender.Sends() {
			code = regexp.MustCompile(`\b\d{6}\b`).FindString(s.Text)
		}
		time.Sleep(10 * time.Millisecond)
	}
	res := tg.do(t, "POST", "/atendimento/verify", url.Values{"phone": {operator}, "code": {code}}.Encode(), form)
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		if c.Name == atendimento.CookieName && c.Value != "" {
			return c.Value
		}
	}
	t.Fatalf("no session after the login: %d %s", res.status, res.body)
	return ""
}

func cookie(value string) map[string]string {
	return map[string]string{"Cookie": atendimento.CookieName + "=" + value}
}

// altered is value with its first character changed: always another value,
// whatever character the random ID begins with.
func altered(value string) string {
	if value[0] == 'A' {
		return "B" + value[1:]
	}
	return "A" + value[1:]
}

// TestForgedAndRevokedSessionsAreRefused: no cookie a client can make opens
// the console (the admin key signs nothing), and a session ends for good at
// logout.
func TestForgedAndRevokedSessionsAreRefused(t *testing.T) {
	tg := start(t, nil, nil)
	session := tg.login(t)
	if res := tg.do(t, "GET", "/atendimento/api/queue", "", cookie(session)); res.status != http.StatusOK {
		t.Fatalf("the real session = %d %s", res.status, res.body)
	}
	forged := map[string]string{
		"admin-key signed, ten years": oldCookie(operator),
		"random id":                   base64.RawURLEncoding.EncodeToString(make([]byte, 32)),
		"session id altered":          altered(session),
		"padded":                      session + "==",
		"empty":                       "",
	}
	for name, value := range forged {
		if res := tg.do(t, "GET", "/atendimento/api/queue", "", cookie(value)); res.status != http.StatusUnauthorized {
			t.Errorf("%s: /atendimento/api/queue = %d, want 401", name, res.status)
		}
		if res := tg.do(t, "GET", "/atendimento", "", cookie(value)); res.status != http.StatusSeeOther {
			t.Errorf("%s: /atendimento = %d, want a redirect to the login", name, res.status)
		}
	}
	tg.do(t, "POST", "/atendimento/logout", "", with(form, "Cookie", atendimento.CookieName+"="+session))
	if res := tg.do(t, "GET", "/atendimento/api/queue", "", cookie(session)); res.status != http.StatusUnauthorized {
		t.Errorf("the session after logout = %d, want 401", res.status)
	}
}

// TestCrossSitePostsAreRefused: a page of another site cannot post any
// state-changing development action (the chat makes model calls and real
// sends), nor a console action (JSON only, SameSite=Strict).
func TestCrossSitePostsAreRefused(t *testing.T) {
	tg := start(t, nil, nil)
	evil := with(form, "Origin", "https://evil.example")
	for path, body := range map[string]string{
		"/chat":                      url.Values{"phone-input": {"+5511966665555"}, "content": {"Oi"}}.Encode(),
		"/dashboard/clear-chat":      url.Values{"phone": {"+5511966665555"}}.Encode(),
		"/dashboard/run-all-smokes":  "",
		"/dashboard/knowledge/probe": url.Values{"content": {"x"}}.Encode(),
		"/media":                     url.Values{"phone-input": {"+5511966665555"}, "media-type": {"image"}}.Encode(),
		"/admin/reset":               url.Values{"phone": {"+5511966665555"}}.Encode(),
	} {
		if res := tg.do(t, "POST", path, body, evil); res.status != http.StatusForbidden {
			t.Errorf("cross-site POST %s = %d %.100s, want 403", path, res.status, res.body)
		}
	}
	if n := len(tg.sender.Sends()); n != 0 {
		t.Errorf("cross-site posts made %d sends", n)
	}
	session := tg.login(t)
	res := tg.do(t, "POST", "/atendimento/api/conversations/5511966665555/x/claim", "a=b",
		with(form, "Cookie", atendimento.CookieName+"="+session, "Origin", "https://evil.example"))
	if res.status != http.StatusUnsupportedMediaType {
		t.Errorf("a form post to the console API = %d, want 415", res.status)
	}
}
