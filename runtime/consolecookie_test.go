package runtime_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// TestConsoleCookieIsSecureUnlessPlainHTTP logs an operator in through the
// whole application: the session cookie is Secure unless PUBLIC_BASE_URL
// says the service is reached over plain http (the emulator on localhost).
func TestConsoleCookieIsSecureUnlessPlainHTTP(t *testing.T) {
	for base, secure := range map[string]bool{"": true, "https://intake.example.com": true, "http://localhost:8080": false} {
		t.Run(base, func(t *testing.T) {
			sender := messaging.NewStub(zap.NewNop())
			cfg := load(t, map[string]string{
				"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
				"OPERATOR_PHONES": "+5511400000001", "PUBLIC_BASE_URL": base,
			})
			app, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{Table: memory.New(), Sender: sender})
			if err != nil {
				t.Fatal(err)
			}
			defer app.Close()
			post := func(path string, form url.Values) *http.Response {
				req := httptest.NewRequest("POST", path, strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				res, err := app.HTTP().Test(req, 10_000)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				return res
			}
			post("/atendimento/login", url.Values{"phone": {"+5511400000001"}})
			var code string
			waitFor(t, "the login code", func() bool {
				for _, s := range sender.Sends() {
					if m := regexp.MustCompile(`\b\d{6}\b`).FindString(s.Text); m != "" {
						code = m
					}
				}
				return code != ""
			})
			res := post("/atendimento/verify", url.Values{"phone": {"+5511400000001"}, "code": {code}})
			var cookie *http.Cookie
			for _, c := range res.Cookies() {
				if c.Name == atendimento.CookieName {
					cookie = c
				}
			}
			if cookie == nil || cookie.Value == "" || cookie.Secure != secure || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode {
				t.Errorf("PUBLIC_BASE_URL=%q: cookie %+v, want Secure=%v, HttpOnly, SameSite=Strict", base, cookie, secure)
			}
		})
	}
}
