package chat_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/http/chat"
	"github.com/intake-runtime/intake/http/httperr"
)

// recorder answers every chat with a fixed reply and keeps the requests.
type recorder struct {
	requests []*sessionpb.ChatRequest
	reply    *sessionpb.ChatReply
}

func (r *recorder) Chat(_ context.Context, req *sessionpb.ChatRequest) (*sessionpb.ChatReply, error) {
	r.requests = append(r.requests, req)
	return r.reply, nil
}

func newApp(t *testing.T, conv chat.Conversations) *fiber.App {
	t.Helper()
	h, err := chat.New(chat.Config{Instance: "instance_a"}, conv, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New(fiber.Config{ErrorHandler: httperr.Handler})
	h.Register(app)
	return app
}

func post(t *testing.T, app *fiber.App, form url.Values, accept string) (int, string) {
	t.Helper()
	req := httptest.NewRequest("POST", "/chat", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	res, err := app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

func TestChatAnswersWithTheReply(t *testing.T) {
	conv := &recorder{reply: &sessionpb.ChatReply{Reply: "Olá <Maria>", SessionId: "s1", State: "QUALIFYING", CurrentAgent: "TRIAGE"}}
	app := newApp(t, conv)
	form := url.Values{"phone-input": {"(11) 98888-7777"}, "content": {"Oi"}, "instance-input": {"instance_b"}, "cliente-conhecido": {"on"}}

	status, body := post(t, app, form, "application/json")
	var got chat.Reply
	if err := json.Unmarshal([]byte(body), &got); status != 200 || err != nil {
		t.Fatalf("status %d, body %s", status, body)
	}
	want := chat.Reply{Reply: "Olá <Maria>", SessionID: "s1", State: "QUALIFYING", CurrentAgent: "TRIAGE", PhoneNumber: "+11988887777"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reply = %+v, want %+v", got, want)
	}
	turn := conv.requests[0].GetTurn()
	if turn.GetPhoneNumber() != "+11988887777" || turn.GetContent() != "Oi" || turn.GetInstance() != "instance_a" || turn.GetMessageId() == "" {
		t.Errorf("turn = %+v: want the normalized phone, the content, the default instance (instance-input is ignored) and an ID", turn)
	}

	status, body = post(t, app, form, "")
	if status != 200 || !strings.Contains(body, "Olá &lt;Maria&gt;") || !strings.Contains(body, `data-state="QUALIFYING"`) {
		t.Errorf("HTML fragment: status %d, body %s", status, body)
	}
}

// A reply's options come with it, as data and as buttons in the fragment,
// escaped like the text.
func TestChatAnswersWithTheOptions(t *testing.T) {
	conv := &recorder{reply: &sessionpb.ChatReply{Reply: "Confirma?", SessionId: "s1", State: "QUALIFYING", Options: []string{"Sim", "<Não>"}}}
	app := newApp(t, conv)
	form := url.Values{"phone-input": {"(11) 98888-7777"}, "content": {"Oi"}}
	status, body := post(t, app, form, "application/json")
	var got chat.Reply
	if err := json.Unmarshal([]byte(body), &got); status != 200 || err != nil || !reflect.DeepEqual(got.Options, []string{"Sim", "<Não>"}) {
		t.Fatalf("status %d, body %s: want the options", status, body)
	}
	_, body = post(t, app, form, "")
	if !strings.Contains(body, `<button type="button" class="option">Sim</button><button type="button" class="option">&lt;Não&gt;</button>`) {
		t.Errorf("HTML fragment %s: want one escaped button per option", body)
	}
}

func TestChatRejectsBadInputWithAJSONError(t *testing.T) {
	tests := []struct {
		name string
		form url.Values
		code string
	}{
		{"no digits in the phone", url.Values{"phone-input": {"abc"}, "content": {"Oi"}}, "invalid_phone"},
		{"missing phone", url.Values{"content": {"Oi"}}, "invalid_phone"},
		{"blank content", url.Values{"phone-input": {"+5511988887777"}, "content": {"  "}}, "empty_content"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conv := &recorder{}
			status, body := post(t, newApp(t, conv), tt.form, "application/json")
			var got httperr.Body
			if err := json.Unmarshal([]byte(body), &got); status != 400 || err != nil || got.Error.Code != tt.code {
				t.Errorf("status %d, body %s; want 400 %s", status, body, tt.code)
			}
			if len(conv.requests) != 0 {
				t.Error("a rejected chat reached the conversation")
			}
		})
	}
}

// TestCrossSitePostIsRefused: a page of another site cannot make a chat turn
// (a model call and a real send to a number of its choice); the dashboard's
// own page and clients without Origin can.
func TestCrossSitePostIsRefused(t *testing.T) {
	rec := &recorder{reply: &sessionpb.ChatReply{Reply: "ok"}}
	app := newApp(t, rec)
	for _, tc := range []struct {
		origin string
		want   int
	}{{"https://evil.example", 403}, {"null", 403}, {"http://localhost:8080", 200}, {"", 200}} {
		form := url.Values{"phone-input": {"+5511999990000"}, "content": {"Oi"}}
		req := httptest.NewRequest("POST", "http://localhost:8080/chat", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept", "application/json")
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		res, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.want {
			t.Errorf("Origin %q: %d %s, want %d", tc.origin, res.StatusCode, body, tc.want)
		}
	}
	if len(rec.requests) != 2 {
		t.Errorf("%d chat turns ran, want 2 (the refused posts must run none)", len(rec.requests))
	}
}
