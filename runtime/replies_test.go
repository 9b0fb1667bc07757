package runtime_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/internal/leaktest"
)

// A template the owner adds on the replies page is offered by the console
// of the running application at once, without a restart: the operator
// holding a conversation whose 24-hour window closed sees it in the
// template form and sends it, and the platform receives it by name and
// language.
func TestTemplateAddedOnThePageIsOfferedByTheConsole(t *testing.T) {
	leaktest.Check(t)
	const operator, customer = "+5511400000001", "+5511988884444"
	platform := newConsolePlatform(t)
	app := consoleApp(t, platform, []string{operator}, map[string]string{"MESSAGING_TEMPLATES": consoleTemplates})
	defer func() {
		if err := app.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	}()
	call := func(method, path, contentType, body string, cookie *http.Cookie) (*http.Response, string) {
		t.Helper()
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Origin", "http://example.com")
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		if cookie != nil {
			req.AddCookie(cookie)
		}
		res, err := app.HTTP().Test(req, 30_000)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		return res, string(raw)
	}
	const form = "application/x-www-form-urlencoded"
	cookie := consoleCookie(t, platform, operator, func(path string, v url.Values) *http.Response {
		res, _ := call("POST", path, form, v.Encode(), nil)
		return res
	})

	reply := consoleChatAt(t, app, customer, "Quero falar com uma pessoa", time.Now().Add(-25*time.Hour))
	page := atendimento.ConversationURL(customer, reply.GetSessionId())
	api := atendimento.BasePath + "/api/conversations/" + messaging.Digits(customer) + "/" + reply.GetSessionId()
	if res, body := call("POST", api+"/claim", "application/json", `{}`, cookie); res.StatusCode != http.StatusOK {
		t.Fatalf("claim = %d %s", res.StatusCode, body)
	}
	const offered = `data-name="proposta_pronta" data-language="es"`
	if _, body := call("GET", page, "", "", cookie); strings.Contains(body, offered) {
		t.Fatal("the console offers proposta_pronta before the owner added it")
	}

	added := url.Values{"name": {"proposta_pronta"}, "language": {"es"}, "body": {"Su propuesta, {{1}}, está lista."}}
	if res, body := call("POST", admin.RepliesPath+"/templates", form, added.Encode(), nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("adding the template on the page = %d %s", res.StatusCode, body)
	}

	_, body := call("GET", page, "", "", cookie)
	if !strings.Contains(body, offered) || strings.Contains(body, `<form id="template-form" hidden`) {
		t.Fatalf("after the addition the conversation page does not offer it in an open form: %s", body)
	}
	send := `{"template":"proposta_pronta","language":"es","params":["Maria"]}`
	if res, body := call("POST", api+"/template", "application/json", send, cookie); res.StatusCode != http.StatusOK {
		t.Fatalf("sending the added template = %d %s", res.StatusCode, body)
	}
	waitFor(t, "the added template at the platform", func() bool {
		for _, s := range platform.texts() {
			if s.To == messaging.Digits(customer) && s.Template.Name == "proposta_pronta" && s.Template.Language.Code == "es" {
				return true
			}
		}
		return false
	})
}

// consoleCookie logs operator in to the console through post, with the
// code the platform delivered, and returns the session cookie.
func consoleCookie(t *testing.T, platform *consolePlatform, operator string, post func(string, url.Values) *http.Response) *http.Cookie {
	t.Helper()
	post(atendimento.BasePath+"/login", url.Values{"phone": {operator}})
	text := platform.waitText(t, messaging.Digits(operator), consoleLoginCode.MatchString)
	res := post(atendimento.BasePath+"/verify", url.Values{"phone": {operator}, "code": {consoleLoginCode.FindStringSubmatch(text)[1]}})
	for _, c := range res.Cookies() {
		if c.Name == atendimento.CookieName && c.Value != "" {
			return c
		}
	}
	t.Fatalf("no console session after the code: %d", res.StatusCode)
	return nil
}
