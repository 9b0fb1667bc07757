package atendimento_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
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
	if sent := e.sender.Sends(); !strings.HasPrefix(sent[len(sent)-1].Text, "Seu código do console") {
		t.Errorf("the code's message = %q, want it in the console's language (pt-BR)", sent[len(sent)-1].Text)
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
	if page.status != fiber.StatusOK || !strings.Contains(page.body, `<strong id="operator">(11) 40000-0001</strong>`) {
		t.Errorf("queue page = %d:\n%s", page.status, page.body)
	}
	if csp := page.header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("Content-Security-Policy = %q", csp)
	}
	// A code works once.
	if again := e.verify(opA, codes[0]); again.status != fiber.StatusUnauthorized {
		t.Errorf("reusing a code = %d, want 401", again.status)
	}
	// Logging out clears the cookie and ends the session: the old value,
	// kept by whoever copied it, no longer works.
	out := e.form("/atendimento/logout", nil, c.Value)
	if cleared := out.cookie(atendimento.CookieName); out.status != fiber.StatusSeeOther || cleared == nil || cleared.Value != "" {
		t.Errorf("logout = %d, cookie %+v", out.status, cleared)
	}
	if res := e.do("GET", "/atendimento/api/queue", "", "", c.Value); res.status != fiber.StatusUnauthorized {
		t.Errorf("the cookie after logout = %d, want 401 (revoked)", res.status)
	}
}

// Sessions live in the table: a login on one node works on another, and a
// logout on either ends it on both.
func TestSessionsWorkAcrossNodes(t *testing.T) {
	one := newEnv(t, nil)
	two := newEnvOver(t, one.table, one.clock, nil)
	cookie := one.login(opA)
	if res := two.do("GET", "/atendimento/api/queue", "", "", cookie); res.status != fiber.StatusOK {
		t.Fatalf("node two with node one's session = %d %s", res.status, res.body)
	}
	two.form("/atendimento/logout", nil, cookie)
	if res := one.do("GET", "/atendimento/api/queue", "", "", cookie); res.status != fiber.StatusUnauthorized {
		t.Errorf("node one after a logout on node two = %d, want 401", res.status)
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
	same("throttled number", opLocked, strangerLocked)
	if opLocked.status != fiber.StatusTooManyRequests {
		t.Errorf("the right code after five wrong ones from this address = %d, want 429", opLocked.status)
	}
}

// Wrong codes slow down the address that sends them, with growing delays:
// five are free, then 30 s, 60 s, 120 s... up to 15 minutes.
func TestWrongCodesSlowTheirAddressDown(t *testing.T) {
	e := newEnv(t, nil)
	_, codes := e.requestCode(opA)
	for i := 1; i <= 4; i++ {
		if res := e.verify(opA, "999999"); res.status != fiber.StatusUnauthorized {
			t.Fatalf("wrong code %d = %d, want 401", i, res.status)
		}
	}
	wantWait := func(what string, res response, want string) {
		t.Helper()
		if res.status != fiber.StatusTooManyRequests || res.header.Get(fiber.HeaderRetryAfter) != want {
			t.Errorf("%s = %d with Retry-After %q, want 429 with %s", what, res.status, res.header.Get(fiber.HeaderRetryAfter), want)
		}
	}
	wantWait("fifth wrong code", e.verify(opA, "12ab"), "30")
	wantWait("the right code while waiting", e.verify(opA, codes[0]), "30")
	e.clock.Advance(30 * time.Second)
	wantWait("sixth wrong code", e.verify(opA, "999999"), "60")
	e.clock.Advance(60 * time.Second)
	wantWait("seventh wrong code", e.verify(opA, "999999"), "120")
	e.clock.Advance(120 * time.Second)
	// Wrong codes never void the code: within its five minutes it still
	// logs in once the wait is over.
	if res := e.verify(opA, codes[0]); res.status != fiber.StatusSeeOther || res.cookie(atendimento.CookieName) == nil {
		t.Errorf("the code after the waits = %d, want a session", res.status)
	}
}

// An attacker guessing at an operator's number from another address is
// slowed after its own few tries, which stay below the number's bound: the
// operator, holding the phone, logs in with the newest code the number got
// (a code is the number's, whichever address asked for it).
func TestAnotherAddressNeverLocksTheOperatorOut(t *testing.T) {
	e := newEnv(t, nil)
	e.source = "198.51.100.1" // the operator
	e.requestCode(opA)
	e.source = "203.0.113.66" // the attacker
	e.clock.Advance(time.Minute)
	_, codes := e.requestCode(opA)
	for range 12 {
		e.verify(opA, "000000")
		e.clock.Advance(time.Second)
	}
	if len(codes) != 2 {
		t.Fatalf("codes sent %v, want two: the operator's and, a minute later, the attacker's", codes)
	}
	newest := codes[1]
	if res := e.verify(opA, newest); res.status != fiber.StatusTooManyRequests {
		t.Errorf("the attacker's address = %d, want 429", res.status)
	}
	e.source = "198.51.100.1"
	if res := e.verify(opA, codes[0]); res.status != fiber.StatusUnauthorized && codes[0] != newest {
		t.Errorf("the replaced code = %d, want 401", res.status)
	}
	res := e.verify(opA, newest)
	if res.status != fiber.StatusSeeOther || res.cookie(atendimento.CookieName) == nil {
		t.Errorf("the operator with the newest code = %d %s, want a session", res.status, res.body)
	}
}

// Many addresses guessing at one number together are bounded by the
// number's own count: after ten wrong codes, a fresh address waits too.
func TestManyAddressesGuessingOneNumberAreSlowed(t *testing.T) {
	e := newEnv(t, nil)
	e.requestCode(opA)
	for i := range 10 {
		e.source = fmt.Sprintf("203.0.113.%d", i+1)
		e.verify(opA, "000000")
	}
	e.source = "203.0.113.99"
	if res := e.verify(opA, "000000"); res.status != fiber.StatusTooManyRequests {
		t.Errorf("a fresh address after ten wrong codes at the number = %d, want 429", res.status)
	}
}

// One address trying many numbers is slowed across all of them.
func TestAnAddressSprayingNumbersIsSlowed(t *testing.T) {
	e := newEnv(t, nil)
	for i := range 20 {
		res := e.verify(fmt.Sprintf("+55114000001%02d", i), "000000")
		if res.status != fiber.StatusUnauthorized && i < 19 {
			t.Fatalf("wrong code %d = %d, want 401", i+1, res.status)
		}
	}
	if res := e.verify("+5511400000199", "000000"); res.status != fiber.StatusTooManyRequests {
		t.Errorf("a fresh number after 20 wrong codes from one address = %d, want 429", res.status)
	}
	e.source = "198.51.100.1"
	if res := e.verify("+5511400000199", "000000"); res.status != fiber.StatusUnauthorized {
		t.Errorf("the same number from another address = %d, want 401", res.status)
	}
}

func TestCodesExpireAfterFiveMinutes(t *testing.T) {
	e := newEnv(t, nil)
	_, codes := e.requestCode(opA)
	e.clock.Advance(5*time.Minute + time.Second)
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
	e.clock.Advance(31 * time.Second)
	if _, codes := e.requestCode(opA); len(codes) != 2 {
		t.Errorf("request after 30s: %d codes in total, want 2", len(codes))
	}
}

// tampered is cookie with its first character changed (one in 64 random
// IDs starts with any given letter, so the change depends on which).
func tampered(cookie string) string {
	if cookie[0] == 'B' {
		return "C" + cookie[1:]
	}
	return "B" + cookie[1:]
}

// Cookies are random session IDs checked against the table: nothing a
// client can compute (a signature under any key, the admin key included, a
// far expiry) opens a session.
func TestForgedCookiesAreRefused(t *testing.T) {
	e := newEnv(t, nil)
	valid := e.login(opA)
	// A number admins disabled: a stored session, refused anyway.
	e.seed("+5511400000077")
	ex := e.login("+5511400000077")
	if err := persistence.NewOperatorRoster(e.table).Put(context.Background(), persistence.OperatorRecord{Phone: "+5511400000077", Disabled: true}); err != nil {
		t.Fatal(err)
	}
	// The cookie format of the previous release, signed with a key derived
	// from the admin key, for ten years.
	oldFormat := "djF8KzU1MTE0MDAwMDAwMDF8MjA1NzQ0Mzg4OA.JdV2y0Wc7bQe5d5bGz3gS3m8fQm7x6K0H2zj1j9m4nA"
	loggedOut := e.login(opB)
	e.form("/atendimento/logout", nil, loggedOut)
	tests := map[string]string{
		"garbage":          "not-a-cookie",
		"unknown id":       "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		"tampered":         tampered(valid),
		"other encoding":   valid + "=",
		"signed format":    oldFormat,
		"former operator":  ex,
		"after the logout": loggedOut,
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
		e.clock.Advance(12*time.Hour + time.Second)
		if res := e.do("GET", "/atendimento/api/queue", "", "", valid); res.status != fiber.StatusUnauthorized {
			t.Errorf("a session past its 12 hours = %d, want 401", res.status)
		}
	})
}

// With the local messaging stub the code is logged at INFO (the stub
// delivers nothing); otherwise it never reaches the logs.
func TestCodesAreLoggedOnlyForTheStub(t *testing.T) {
	for _, logCodes := range []bool{true, false} {
		core, logs := observer.New(zap.InfoLevel)
		e := newEnv(t, nil)
		console, err := atendimento.New(atendimento.Config{LogCodes: logCodes, Now: e.clock.Now},
			e.deps(&fakeConversations{}), zap.New(core))
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
