package atendimento_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/locale"
)

// localOperator is the emulator's development operator.
const localOperator = "+5511900000000"

// An operator types their number as they would dial it in Brazil and logs in
// as +5511900000000: the code goes there, and the console is theirs.
func TestLoginWithTheNumberTypedTheLocalWay(t *testing.T) {
	e := newEnv(t, nil)
	e.seed(localOperator)
	res := e.form("/atendimento/login", url.Values{"phone": {"(11) 90000-0000"}}, "")
	e.console.Close() // wait for the background delivery
	if res.status != fiber.StatusOK || !strings.Contains(res.body, `name="phone" value="&#43;5511900000000"`) {
		t.Fatalf("code request = %d, want the code page for +5511900000000:\n%s", res.status, res.body)
	}
	var code string
	for _, s := range e.sender.Sends() {
		if m := codePattern.FindStringSubmatch(s.Text); m != nil && s.To == messaging.Digits(localOperator) {
			code = m[1]
		}
	}
	if code == "" {
		t.Fatalf("no code reached %s; sends: %+v", localOperator, e.sender.Sends())
	}
	login := e.verify(localOperator, code)
	cookie := login.cookie(atendimento.CookieName)
	if login.status != fiber.StatusSeeOther || cookie == nil {
		t.Fatalf("verify = %d, cookie %v", login.status, cookie)
	}
	if page := e.do("GET", "/atendimento", "", "", cookie.Value); page.status != fiber.StatusOK || !strings.Contains(page.body, `<strong id="operator">(11) 90000-0000</strong>`) {
		t.Errorf("queue page = %d, want it for %s:\n%s", page.status, localOperator, page.body)
	}
}

// A number that is none is said on the login page, in the console's
// language, with what was typed kept in the box.
func TestLoginRefusesANumberOnThePage(t *testing.T) {
	for _, tc := range []struct {
		lang locale.Lang
		want string
	}{
		{locale.PortugueseBR, "Número inválido. Digite o seu número de WhatsApp com DDD"},
		{locale.English, "Not a phone number. Type your messaging number with its area code"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			e := newEnv(t, func(c *atendimento.Config) { c.Lang = tc.lang })
			for _, typed := range []string{"98888-7777", "operador"} {
				res := e.form("/atendimento/login", url.Values{"phone": {typed}}, "")
				if res.status != fiber.StatusBadRequest || !isPage(res) || !strings.Contains(res.body, tc.want) ||
					!strings.Contains(res.body, `value="`+typed+`"`) {
					t.Errorf("login with %q = %d %s, want 400, the login page saying %q", typed, res.status, res.body, tc.want)
				}
			}
		})
	}
}

// The take-over box takes the customer's number as typed, with or without
// the ninth digit; what goes wrong is said on the queue page beside the box
// in Portuguese, never as an error document.
func TestTakeoverBoxReadsTypedNumbersAndAnswersOnThePage(t *testing.T) {
	e := newEnv(t, nil)
	a := e.login(opA)
	s := e.qualifyingSession("+5511988887777")
	want := "/atendimento/conversations/" + messaging.Digits(s.PhoneNumber) + "/" + s.SessionID
	for _, typed := range []string{"(11) 98888-7777", "11 8888-7777", "+55 11 98888-7777", "011988887777"} {
		res := e.do("GET", "/atendimento/find?phone="+url.QueryEscape(typed), "", "", a)
		if res.status != fiber.StatusSeeOther || res.header.Get("Location") != want {
			t.Errorf("find %q = %d to %q, want 303 to %q", typed, res.status, res.header.Get("Location"), want)
		}
	}

	tests := []struct {
		typed  string
		status int
		text   string
	}{
		{"98888-7777", fiber.StatusBadRequest, "número inválido: digite o número do cliente com DDD"},
		{"cliente", fiber.StatusBadRequest, "número inválido: digite o número do cliente com DDD"},
		{"(11) 97777-0000", fiber.StatusNotFound, "este número não tem conversa aberta"},
	}
	for _, tt := range tests {
		res := e.do("GET", "/atendimento/find?phone="+url.QueryEscape(tt.typed), "", "", a)
		if res.status != tt.status || !isPage(res) || !strings.Contains(res.body, tt.text) ||
			!strings.Contains(res.body, `id="find-error"`) || !strings.Contains(res.body, `value="`+tt.typed+`"`) {
			t.Errorf("find %q = %d %s\nwant %d, the queue page saying %q beside the box", tt.typed, res.status, res.body, tt.status, tt.text)
		}
	}
}

// isPage reports whether r is an HTML page, not a JSON error document.
func isPage(r response) bool {
	return strings.HasPrefix(r.header.Get("Content-Type"), "text/html") && !strings.HasPrefix(strings.TrimSpace(r.body), "{")
}
