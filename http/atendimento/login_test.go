package atendimento_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/internal/leaktest"
)

func TestOperatorLogsInWithTheCodeSentToTheirPhone(t *testing.T) {
	leaktest.Check(t)
	e := newEnv(t, nil)
	if res := e.do("GET", "/atendimento", "", "", ""); res.status != fiber.StatusSeeOther || res.header.Get("Location") != "/atendimento/login" {
		t.Fatalf("GET /atendimento without a session = %d to %q, want a redirect to the login", res.status, res.header.Get("Location"))
	}
	res, codes := e.requestCode("+55 (11) 4000-00001")
	if res.status != fiber.StatusOK || len(codes) != 1 {
		t.Fatalf("code request: status %d, %d codes delivered", res.status, len(codes))
	}
	if strings.Contains(res.body, codes[0]) {
		t.Error("the code page shows the code")
	}
	login := e.verify(opA, codes[0])
	if login.status != fiber.StatusSeeOther || login.header.Get("Location") != "/atendimento" {
		t.Fatalf("verify = %d to %q", login.status, login.header.Get("Location"))
	}
	c := login.cookie(atendimento.CookieName)
	if c == nil || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/atendimento" {
		t.Fatalf("session cookie = %+v, want HttpOnly, SameSite=Strict, Path=/atendimento", c)
	}
	if strings.Contains(c.Value, codes[0]) || strings.Contains(login.body, codes[0]) {
		t.Error("the code leaks into the login answer")
	}
	page := e.do("GET", "/atendimento", "", "", c.Value)
	if page.status != fiber.StatusOK || !strings.Contains(page.body, opA[1:]) {
		t.Errorf("queue page = %d:\n%s", page.status, page.body)
	}
	if csp := page.header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("Content-Security-Policy = %q", csp)
	}
	// A code works once.
	if again := e.verify(opA, codes[0]); again.status != fiber.StatusUnauthorized {
		t.Errorf("reusing a code = %d, want 401", again.status)
	}
	// Logging out clears the cookie.
	out := e.form("/atendimento/logout", nil, c.Value)
	if cleared := out.cookie(atendimento.CookieName); out.status != fiber.StatusSeeOther || cleared == nil || cleared.Value != "" {
		t.Errorf("logout = %d, cookie %+v", out.status, cleared)
	}
}

// Whether a number is an operator's never shows: same status and page (but
// for the number itself) when asking for a code and when trying one, and the
// same lock after five wrong tries.
func TestAnswersDoNotRevealOperators(t *testing.T) {
	e := newEnv(t, nil)
	same := func(what string, a, b response) {
		t.Helper()
		if a.status != b.status || strings.ReplaceAll(a.body, opA[1:], "N") != strings.ReplaceAll(b.body, stranger[1:], "N") {
			t.Errorf("%s differs between an operator and a stranger:\n%d %s\n---\n%d %s", what, a.status, a.body, b.status, b.body)
		}
	}
	opRes, codes := e.requestCode(opA)
	strangerRes, strangerCodes := e.requestCode(stranger)
	same("code request", opRes, strangerRes)
	if len(codes) != 1 || len(strangerCodes) != 0 {
		t.Fatalf("codes sent: operator %d, stranger %d", len(codes), len(strangerCodes))
	}
	for i := 1; i <= 5; i++ {
		same("wrong code", e.verify(opA, "000000"), e.verify(stranger, "000000"))
	}
	opLocked, strangerLocked := e.verify(opA, codes[0]), e.verify(stranger, "123456")
	same("locked number", opLocked, strangerLocked)
	if opLocked.status != fiber.StatusTooManyRequests {
		t.Errorf("the right code on a locked number = %d, want 429", opLocked.status)
	}
}

func TestWrongCodesLockTheNumber(t *testing.T) {
	e := newEnv(t, nil)
	_, codes := e.requestCode(opA)
	for i := 1; i <= 4; i++ {
		if res := e.verify(opA, "999999"); res.status != fiber.StatusUnauthorized {
			t.Fatalf("wrong code %d = %d, want 401", i, res.status)
		}
	}
	if res := e.verify(opA, "12ab"); res.status != fiber.StatusTooManyRequests {
		t.Fatalf("fifth wrong code = %d, want 429 (locked)", res.status)
	}
	if res := e.verify(opA, codes[0]); res.status != fiber.StatusTooManyRequests {
		t.Fatalf("the right code while locked = %d, want 429", res.status)
	}
	// Locked numbers get no new code either.
	e.clock.Add(14 * time.Minute)
	if _, codes := e.requestCode(opA); len(codes) != 1 {
		t.Fatalf("a code was sent to a locked number: %d codes", len(codes))
	}
	// The lock ends after 15 minutes; the old code is void, a new one works.
	e.clock.Add(time.Minute)
	if res := e.verify(opA, codes[0]); res.status != fiber.StatusUnauthorized {
		t.Errorf("the code from before the lock = %d, want 401", res.status)
	}
	_, codes = e.requestCode(opA)
	if len(codes) != 2 {
		t.Fatalf("after the lock: %d codes delivered, want a second one", len(codes))
	}
	if res := e.verify(opA, codes[1]); res.status != fiber.StatusSeeOther {
		t.Errorf("a fresh code after the lock = %d, want 303", res.status)
	}
}

func TestCodesExpireAfterFiveMinutes(t *testing.T) {
	e := newEnv(t, nil)
	_, codes := e.requestCode(opA)
	e.clock.Add(5*time.Minute + time.Second)
	if res := e.verify(opA, codes[0]); res.status != fiber.StatusUnauthorized || res.cookie(atendimento.CookieName) != nil {
		t.Errorf("an expired code = %d, want 401 without a cookie", res.status)
	}
}

// The form cannot flood an operator's phone: one code per 30 seconds.
func TestCodesAreNotResentAtOnce(t *testing.T) {
	e := newEnv(t, nil)
	e.requestCode(opA)
	if _, codes := e.requestCode(opA); len(codes) != 1 {
		t.Errorf("second request within 30s sent %d codes in total, want 1", len(codes))
	}
	e.clock.Add(31 * time.Second)
	if _, codes := e.requestCode(opA); len(codes) != 2 {
		t.Errorf("request after 30s: %d codes in total, want 2", len(codes))
	}
}

func TestForgedCookiesAreRefused(t *testing.T) {
	e := newEnv(t, nil)
	valid := e.login(opA)
	payload, mac, _ := strings.Cut(valid, ".")

	// The same operator list under another key signs cookies this console refuses.
	other := newEnv(t, func(c *atendimento.Config) { c.CookieKey = []byte("another-key-another-key-another-k") })
	foreign := other.login(opA)
	// A number removed from OPERATOR_PHONES: signed with this key, refused anyway.
	removed := newEnv(t, func(c *atendimento.Config) { c.Operators = append(c.Operators, "+5511400000077") })
	ex := removed.login("+5511400000077")

	tampered := strings.Replace(payload, payload[:4], "AAAA", 1) + "." + mac
	tests := map[string]string{
		"garbage":         "not-a-cookie",
		"no signature":    payload,
		"empty signature": payload + ".",
		"other key":       foreign,
		"tampered":        tampered,
		"former operator": ex,
	}
	for name, cookie := range tests {
		t.Run(name, func(t *testing.T) {
			if res := e.do("GET", "/atendimento", "", "", cookie); res.status != fiber.StatusSeeOther {
				t.Errorf("page = %d, want a redirect to the login", res.status)
			}
			res := e.do("GET", "/atendimento/api/queue", "", "", cookie)
			if res.status != fiber.StatusUnauthorized || errorBody(t, res).Code != "unauthorized" {
				t.Errorf("API = %d %s, want 401 unauthorized", res.status, res.body)
			}
		})
	}
	t.Run("expired", func(t *testing.T) {
		e.clock.Add(12*time.Hour + time.Second)
		if res := e.do("GET", "/atendimento/api/queue", "", "", valid); res.status != fiber.StatusUnauthorized {
			t.Errorf("a cookie past its 12 hours = %d, want 401", res.status)
		}
	})
}

// With the local messaging stub the code is logged at INFO (the stub
// delivers nothing); otherwise it never reaches the logs.
func TestCodesAreLoggedOnlyForTheStub(t *testing.T) {
	for _, logCodes := range []bool{true, false} {
		core, logs := observer.New(zap.InfoLevel)
		e := newEnv(t, nil)
		console, err := atendimento.New(atendimento.Config{Operators: []string{opA}, CookieKey: testKey, LogCodes: logCodes},
			atendimento.Deps{Conversations: &fakeConversations{}, Queue: handoff.NewQueue(e.table), Sessions: e.sessions, Messages: e.messages, Sender: e.sender},
			zap.New(core))
		if err != nil {
			t.Fatal(err)
		}
		app := fiber.New()
		console.Register(app)
		req, _ := http.NewRequest("POST", "/atendimento/login", strings.NewReader(url.Values{"phone": {opA}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if _, err := app.Test(req, -1); err != nil {
			t.Fatal(err)
		}
		console.Close()
		code := codePattern.FindString(e.sender.Sends()[len(e.sender.Sends())-1].Text)
		logged := false
		for _, entry := range logs.All() {
			if entry.ContextMap()["code"] == code {
				logged = true
			}
		}
		if logged != logCodes {
			t.Errorf("LogCodes=%v: code logged = %v", logCodes, logged)
		}
	}
}
