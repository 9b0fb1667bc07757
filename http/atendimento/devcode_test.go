package atendimento_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/http/atendimento"
)

// With ShowCodes (a development runner with the messaging stub) the code page
// shows the code that was issued, and the banner says why; without it the
// code appears nowhere on the page.
func TestCodesAreShownOnThePageOnlyWhenAsked(t *testing.T) {
	for _, show := range []bool{true, false} {
		e := newEnv(t, nil)
		console, err := atendimento.New(atendimento.Config{Operators: []string{opA}, CookieKey: testKey, ShowCodes: show},
			atendimento.Deps{Conversations: &fakeConversations{}, Queue: handoff.NewQueue(e.table), Sessions: e.sessions, Messages: e.messages, Sender: e.sender},
			zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		app := fiber.New()
		console.Register(app)
		page := post(t, app, "/atendimento/login", url.Values{"phone": {opA}})
		console.Close()
		code := codePattern.FindString(e.sender.Sends()[len(e.sender.Sends())-1].Text)
		if code == "" {
			t.Fatal("no code sent")
		}
		shown := strings.Contains(page, `id="shown-code">`+code+`<`)
		banner := strings.Contains(page, `id="dev-codes"`)
		if shown != show || banner != show {
			t.Errorf("ShowCodes=%v: code shown %v, banner %v", show, shown, banner)
		}
		if show {
			// The code shown is the code that logs in.
			req, _ := http.NewRequest("POST", "/atendimento/verify", strings.NewReader(url.Values{"phone": {opA}, "code": {code}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			res, err := app.Test(req, -1)
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != fiber.StatusSeeOther || res.Header.Get("Location") != atendimento.BasePath {
				t.Errorf("verify with the shown code = %d to %q", res.StatusCode, res.Header.Get("Location"))
			}
		}
	}
}

func post(t *testing.T, app *fiber.App, path string, form url.Values) string {
	t.Helper()
	req, _ := http.NewRequest("POST", path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(body)
}
