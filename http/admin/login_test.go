package admin_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

// owner is the admin of the login tests, listed as an owner would type it.
const (
	ownerTyped = "(11) 98888-7777"
	owner      = "+5511988887777"
	stranger   = "+5511977776666"
)

var codeIn = regexp.MustCompile(`\b(\d{6})\b`)

// loginEnv is an admin handler behind its login: the roster holds owner as
// an enabled admin (as ADMIN_PHONES seeds them), and codes go out through
// the messaging stub.
type loginEnv struct {
	*fixture
	sender *messaging.Stub
}

func newLoginEnv(t *testing.T) *loginEnv {
	t.Helper()
	sender := messaging.NewStub(nil)
	f := newFixture(t, admin.Config{Sender: sender})
	t.Cleanup(f.handler.Close)
	f.putOperator(persistence.OperatorRecord{Phone: owner, Name: "Dona", Role: persistence.RoleAdmin, UpdatedAt: now})
	return &loginEnv{fixture: f, sender: sender}
}

func (a answer) cookie(name string) *http.Cookie {
	for _, c := range (&http.Response{Header: a.header}).Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// send makes a request with an optional admin cookie and form.
func (e *loginEnv) send(method, target string, form url.Values, cookie string) answer {
	e.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(method, target, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: admin.CookieName, Value: cookie})
	}
	return exchange(e.t, e.app, req)
}

// requestCode asks for a code for typed and returns the codes delivered to
// phone (typed's canonical form).
func (e *loginEnv) requestCode(typed, phone string) (answer, []string) {
	e.t.Helper()
	res := e.send("POST", admin.LoginPath, url.Values{"phone": {typed}}, "")
	e.handler.Close() // wait for the background delivery
	var codes []string
	for _, s := range e.sender.Sends() {
		if s.To == messaging.Digits(phone) {
			if m := codeIn.FindStringSubmatch(s.Text); m != nil {
				codes = append(codes, m[1])
			}
		}
	}
	return res, codes
}

func (e *loginEnv) verify(phone, code string) answer {
	e.t.Helper()
	return e.send("POST", admin.VerifyPath, url.Values{"phone": {phone}, "code": {code}}, "")
}

func TestAdminLogsInWithTheCodeSentToTheirPhone(t *testing.T) {
	e := newLoginEnv(t)
	for _, p := range []string{"/admin", "/admin/sessions", "/admin/demands", "/admin/llm-costs", "/admin/alerts", admin.PeoplePath} {
		if res := e.send("GET", p, nil, ""); res.status != http.StatusSeeOther || res.header.Get("Location") != admin.LoginPath {
			t.Errorf("GET %s without a session = %d to %q, want a redirect to the login", p, res.status, res.header.Get("Location"))
		}
	}
	if res := e.send("GET", admin.LoginPath, nil, ""); res.status != http.StatusOK || !strings.Contains(res.body, "Acesso da administração") {
		t.Fatalf("login page = %d, want the pt-BR page: %s", res.status, res.body)
	}
	res, codes := e.requestCode(ownerTyped, owner)
	if res.status != http.StatusOK || len(codes) != 1 {
		t.Fatalf("code request: status %d, %d codes delivered", res.status, len(codes))
	}
	if strings.Contains(res.body, codes[0]) {
		t.Error("the code page shows the code")
	}
	if !strings.Contains(e.sender.Sends()[0].Text, "administração") {
		t.Errorf("the code message does not say what it is for: %q", e.sender.Sends()[0].Text)
	}
	in := e.verify(owner, codes[0])
	c := in.cookie(admin.CookieName)
	if in.status != http.StatusSeeOther || in.header.Get("Location") != "/admin" || c == nil {
		t.Fatalf("verify = %d to %q, cookie %v; want a redirect to /admin with the session", in.status, in.header.Get("Location"), c)
	}
	if c.Path != "/admin" || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
		t.Errorf("admin cookie = path %q, HttpOnly %v, SameSite %v; want /admin, HttpOnly, Strict", c.Path, c.HttpOnly, c.SameSite)
	}
	if res := e.send("GET", "/admin", nil, c.Value); res.status != http.StatusOK || !strings.Contains(res.body, "Sair") {
		t.Fatalf("GET /admin with the session = %d, want the overview with a logout", res.status)
	}
	if again := e.verify(owner, codes[0]); again.status != http.StatusUnauthorized {
		t.Errorf("the code used twice = %d, want 401", again.status)
	}
	if out := e.send("POST", admin.LogoutPath, nil, c.Value); out.status != http.StatusSeeOther {
		t.Fatalf("logout = %d", out.status)
	}
	if res := e.send("GET", "/admin", nil, c.Value); res.status != http.StatusSeeOther {
		t.Errorf("GET /admin after logout = %d, want the redirect to the login", res.status)
	}
}

// A number that is no admin of the roster gets the same page and no code, and
// no code logs it in.
func TestAdminLoginRefusesOtherNumbers(t *testing.T) {
	e := newLoginEnv(t)
	ownerPage, _ := e.requestCode(owner, owner)
	res, codes := e.requestCode(stranger, stranger)
	if res.status != http.StatusOK || len(codes) != 0 {
		t.Fatalf("stranger's code request: status %d, %d codes delivered; want 200 and none", res.status, len(codes))
	}
	if strings.ReplaceAll(res.body, stranger[1:], owner[1:]) != ownerPage.body {
		t.Error("the page for a stranger differs from the admin's: it tells who is an admin")
	}
	if in := e.verify(stranger, "123456"); in.status != http.StatusUnauthorized || in.cookie(admin.CookieName) != nil {
		t.Errorf("stranger's verify = %d, want 401 without a session", in.status)
	}
}

// An operator's console session (same table, no admin realm) opens no admin
// page, even for an admin's number; wrong codes are throttled as in the
// console.
func TestAdminPagesNeedAnAdminSession(t *testing.T) {
	e := newLoginEnv(t)
	id := "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	err := persistence.NewOperatorSessions(e.table).Create(context.Background(), id,
		persistence.OperatorSession{Operator: owner, CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if res := e.send("GET", "/admin", nil, id); res.status != http.StatusSeeOther {
		t.Errorf("GET /admin with a console session = %d, want the redirect to the login", res.status)
	}
	_, codes := e.requestCode(owner, owner)
	var last answer
	for range 5 {
		last = e.verify(owner, "000000")
	}
	if last.status != http.StatusTooManyRequests || last.header.Get("Retry-After") == "" {
		t.Fatalf("fifth wrong code = %d (Retry-After %q), want 429", last.status, last.header.Get("Retry-After"))
	}
	if res := e.verify(owner, codes[0]); res.status != http.StatusTooManyRequests {
		t.Errorf("the right code while throttled = %d, want 429", res.status)
	}
}
