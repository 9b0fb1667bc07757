package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// consoleHandoffAnswer is a model answer asking for a person (s=3).
const consoleHandoffAnswer = `{"s":3,"qualification_data":{}} Certo! Vou chamar uma pessoa da equipe.`

// consolePlatform is an httptest server standing in for the messaging platform:
// it captures every text sent and answers with a message ID.
type consolePlatform struct {
	*httptest.Server
	mu   sync.Mutex
	sent []consoleText
}

// consoleText is one message the platform received: a text's body, a
// template's name, language and body parameters, or an interactive
// message's body (in Body) and the titles of its choices.
type consoleText struct {
	To, Body string
	Template consoleTemplate
	Choices  []string
}

// consoleInteractive is a list or buttons message as the platform received it.
type consoleInteractive struct {
	Body struct {
		Text string `json:"text"`
	} `json:"body"`
	Action struct {
		Buttons []struct {
			Reply struct {
				Title string `json:"title"`
			} `json:"reply"`
		} `json:"buttons"`
		Sections []struct {
			Rows []struct {
				Title string `json:"title"`
			} `json:"rows"`
		} `json:"sections"`
	} `json:"action"`
}

// choices are the titles of the message's buttons or list rows.
func (m consoleInteractive) choices() []string {
	var titles []string
	for _, b := range m.Action.Buttons {
		titles = append(titles, b.Reply.Title)
	}
	for _, section := range m.Action.Sections {
		for _, row := range section.Rows {
			titles = append(titles, row.Title)
		}
	}
	return titles
}

// consoleTemplate is a template message as the platform received it.
type consoleTemplate struct {
	Name     string `json:"name"`
	Language struct {
		Code string `json:"code"`
	} `json:"language"`
	Components []struct {
		Type       string `json:"type"`
		Parameters []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"parameters"`
	} `json:"components"`
}

func newConsolePlatform(t *testing.T) *consolePlatform {
	t.Helper()
	p := &consolePlatform{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body struct {
			To   string `json:"to"`
			Text struct {
				Body string `json:"body"`
			} `json:"text"`
			Template    consoleTemplate    `json:"template"`
			Interactive consoleInteractive `json:"interactive"`
		}
		_ = json.Unmarshal(raw, &body)
		sent := consoleText{To: body.To, Body: body.Text.Body, Template: body.Template}
		if choices := body.Interactive.choices(); len(choices) > 0 {
			sent.Body, sent.Choices = body.Interactive.Body.Text, choices
		}
		p.mu.Lock()
		p.sent = append(p.sent, sent)
		p.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"messages":[{"id":"wamid.`+uuid.NewString()+`"}]}`)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *consolePlatform) texts() []consoleText {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]consoleText(nil), p.sent...)
}

// waitText waits for a text to `to` (digits) that satisfies match.
func (p *consolePlatform) waitText(t testing.TB, to string, match func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, s := range p.texts() {
			if s.To == to && match(s.Body) {
				return s.Body
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the platform received no matching text for %s; got %+v", to, p.texts())
	return ""
}

// consoleApp builds the real application with a model that hands every
// conversation off, the fake platform as the messaging API and the given
// operators, closed by the test's cleanup.
func consoleApp(t *testing.T, platform *consolePlatform, operators []string, extra map[string]string) *runtime.App {
	t.Helper()
	return consoleAppWith(t, platform, operators, extra, runtime.Options{})
}

// consoleAppWith is consoleApp with opts (a clock); a memory table unless
// opts has a table.
func consoleAppWith(t *testing.T, platform *consolePlatform, operators []string, extra map[string]string, opts runtime.Options) *runtime.App {
	t.Helper()
	model := llmtest.NewServer(t, func(int) string { return consoleHandoffAnswer })
	env := map[string]string{
		"DEV_UI_ENABLED":            "true",
		"LLM_API_KEY":               "test-key",
		"LLM_BASE_URL":              model.URL + "/v1",
		"LLM_MODEL":                 "test-model",
		"MESSAGING_CLOUD_ENABLED":   "true",
		"MESSAGING_API_BASE_URL":    platform.URL,
		"MESSAGING_PHONE_NUMBER_ID": "PNID_1",
		"MESSAGING_ACCESS_TOKEN":    "test-token",
		"HANDOFF_NOTIFIER_ENABLED":  "false",
		"CRM_ENABLED":               "false",
		"ERP_ENABLED":               "false",
		"OPERATOR_PHONES":           strings.Join(operators, ","),
		"ADMIN_API_KEY":             "admin-key-for-tests-0123456789",
	}
	for k, v := range extra {
		env[k] = v
	}
	if opts.Table == nil {
		opts.Table = memory.New()
	}
	app, err := runtime.New(context.Background(), load(t, env), zap.NewNop(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return app
}

// consoleHandOff chats once as the customer phone; the model's s=3 puts the
// conversation in HANDOFF. It returns the session ID.
func consoleHandOff(t *testing.T, app *runtime.App, phone string) string {
	t.Helper()
	reply := consoleChat(t, app, phone, "Quero falar com uma pessoa")
	if reply.GetState() != string(domain.StateHandoff) {
		t.Fatalf("after s=3 the conversation is %s, want HANDOFF", reply.GetState())
	}
	return reply.GetSessionId()
}

// consoleChat sends one message as the customer phone, through the session
// actor as the webhook does, and returns the turn's reply.
func consoleChat(t *testing.T, app *runtime.App, phone, content string) *sessionpb.ChatReply {
	t.Helper()
	return consoleChatAt(t, app, phone, content, time.Now())
}

// consoleChatAt is consoleChat with the message received at: an hour long
// past puts the conversation outside the 24-hour window.
func consoleChatAt(t *testing.T, app *runtime.App, phone, content string, at time.Time) *sessionpb.ChatReply {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	reply, err := app.Conversations().Chat(ctx, &sessionpb.ChatRequest{Turn: &sessionpb.InboundTurn{
		PhoneNumber: phone, MessageId: "chat-" + uuid.NewString(), Content: content,
		ReceivedAt: timestamppb.New(at), Instance: "instance_a", MessageType: "text",
	}})
	if err != nil || reply.GetError() != "" {
		t.Fatalf("chat: %v %s", err, reply.GetError())
	}
	return reply
}

// Ten operators claiming one conversation at once through the real session
// supervisor: exactly one holds it, the others are told it was taken.
func TestClaimRaceThroughTheSessionActor(t *testing.T) {
	leaktest.Check(t)
	operators := make([]string, 10)
	for i := range operators {
		operators[i] = fmt.Sprintf("+55114000002%02d", i)
	}
	app := consoleApp(t, newConsolePlatform(t), operators, nil)
	defer func() {
		if err := app.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	}()
	const customer = "+5511999991234"
	sessionID := consoleHandOff(t, app, customer)

	results := make([]*sessionpb.OperatorResult, len(operators))
	errs := make([]error, len(operators))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, op := range operators {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			results[i], errs[i] = app.Conversations().Operate(ctx, &sessionpb.OperatorCommand{
				PhoneNumber: customer, SessionId: sessionID, OperatorPhone: op, Action: sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM,
			})
		}()
	}
	close(start)
	wg.Wait()

	winner := ""
	for i, res := range results {
		switch {
		case errs[i] != nil:
			t.Errorf("operator %d: %v", i, errs[i])
		case res.GetOk():
			if winner != "" {
				t.Errorf("both %s and %s claimed the conversation", winner, operators[i])
			}
			winner = operators[i]
		case res.GetCode() != "already_claimed":
			t.Errorf("operator %d refused with %q: %s", i, res.GetCode(), res.GetMessage())
		}
	}
	stored, err := persistence.NewSessions(app.Table()).Get(context.Background(), customer, sessionID)
	if err != nil {
		t.Fatal(err)
	}
	if winner == "" || string(stored.AssignedTo) != winner || stored.State != domain.StateHuman {
		t.Errorf("winner %q; stored assigned_to %q state %s", winner, stored.AssignedTo, stored.State)
	}
}

// The console passes the development gate: with DEV_UI_ENABLED=false the
// login page is served and the console redirects to it.
func TestConsolePassesTheDevelopmentGate(t *testing.T) {
	app := newApp(t, map[string]string{"DEV_UI_ENABLED": "false", "OPERATOR_PHONES": "+5511400000001"}, nil)
	if res := do(t, app, "GET", "/atendimento/login", nil, nil); res.status != http.StatusOK || !strings.Contains(res.body, `id="send-code"`) {
		t.Errorf("GET /atendimento/login with the gate off = %d %s", res.status, res.body)
	}
	req := httptest.NewRequest("GET", "/atendimento", nil)
	res, err := app.HTTP().Test(req, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/atendimento/login" {
		t.Errorf("GET /atendimento with the gate off = %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	if res := do(t, app, "GET", "/atendimento/api/queue", nil, nil); res.status != http.StatusUnauthorized || errorCode(res.body) != "unauthorized" {
		t.Errorf("GET /atendimento/api/queue without a session = %d %s", res.status, res.body)
	}
}
