package atendimento_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/internal/leaktest"
)

type queueJSON struct {
	Operator      string `json:"operator"`
	Waiting       int    `json:"waiting"`
	Held          int    `json:"held"`
	Conversations []struct {
		SessionID  string `json:"session_id"`
		Name       string `json:"name"`
		State      string `json:"state"`
		Position   int    `json:"position"`
		AssignedTo string `json:"assigned_to"`
		Mine       bool   `json:"mine"`
		URL        string `json:"url"`
		API        string `json:"api"`
	} `json:"conversations"`
}

func (e *env) queue(cookie string) queueJSON {
	e.t.Helper()
	res := e.do("GET", "/atendimento/api/queue", "", "", cookie)
	var q queueJSON
	if res.status != fiber.StatusOK || json.Unmarshal([]byte(res.body), &q) != nil {
		e.t.Fatalf("queue = %d %s", res.status, res.body)
	}
	return q
}

type conversationJSON struct {
	Conversation struct {
		State      string `json:"state"`
		AssignedTo string `json:"assigned_to"`
		Mine       bool   `json:"mine"`
		CanClaim   bool   `json:"can_claim"`
		Window     struct {
			Open             bool   `json:"open"`
			Ended            bool   `json:"ended"`
			RemainingSeconds int64  `json:"remaining_seconds"`
			Text             string `json:"text"`
		} `json:"window"`
		Messages []struct {
			From     string `json:"from"`
			Operator string `json:"operator"`
			Text     string `json:"text"`
		} `json:"messages"`
	} `json:"conversation"`
}

func (e *env) conversation(s domain.Session, cookie string) conversationJSON {
	e.t.Helper()
	res := e.do("GET", apiURL(s), "", "", cookie)
	var c conversationJSON
	if res.status != fiber.StatusOK || json.Unmarshal([]byte(res.body), &c) != nil {
		e.t.Fatalf("conversation = %d %s", res.status, res.body)
	}
	return c
}

func TestQueueShowsWaitingAndHeldConversations(t *testing.T) {
	e := newEnv(t, nil)
	a := e.login(opA)
	first := e.handoffSession("+5511999990001", t0.Add(-10*time.Minute), t0.Add(-11*time.Minute))
	second := e.handoffSession("+5511999990002", t0.Add(-5*time.Minute), t0.Add(-6*time.Minute))

	q := e.queue(a)
	if q.Operator != opA || q.Waiting != 2 || len(q.Conversations) != 2 {
		t.Fatalf("queue = %+v", q)
	}
	if c := q.Conversations[0]; c.SessionID != first.SessionID || c.Position != 1 || c.Name != "Maria Silva" ||
		c.URL != "/atendimento/conversations/5511999990001/"+first.SessionID {
		t.Errorf("first entry = %+v", c)
	}
	if res := e.postJSON(apiURL(second)+"/claim", map[string]any{}, a); res.status != fiber.StatusOK {
		t.Fatalf("claim = %d %s", res.status, res.body)
	}
	q = e.queue(a)
	if q.Waiting != 1 || q.Held != 1 {
		t.Errorf("after a claim: %d waiting, %d held", q.Waiting, q.Held)
	}
	for _, c := range q.Conversations {
		if c.SessionID == second.SessionID && (!c.Mine || c.AssignedTo != opA || c.Position != 0) {
			t.Errorf("claimed entry = %+v, want mine and out of the positions", c)
		}
	}
	page := e.do("GET", "/atendimento", "", "", a)
	if page.status != fiber.StatusOK || !strings.Contains(page.body, first.SessionID) || !strings.Contains(page.body, "Pesquisa de mercado") {
		t.Errorf("queue page = %d:\n%s", page.status, page.body)
	}
}

// Two operators clicking together: one wins, the other is told.
func TestClaimRaceHasOneWinner(t *testing.T) {
	leaktest.Check(t)
	ops := make([]string, 10)
	for i := range ops {
		ops[i] = fmt.Sprintf("+55114000001%02d", i)
	}
	e := newEnv(t, nil)
	e.seed(ops...)
	cookies := make([]string, len(ops))
	for i, op := range ops {
		cookies[i] = e.login(op)
	}
	s := e.handoffSession("+5511999990001", t0, t0)

	results := make([]response, len(ops))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range ops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i] = e.postJSON(apiURL(s)+"/claim", map[string]any{}, cookies[i])
		}()
	}
	close(start)
	wg.Wait()

	winners := 0
	for i, r := range results {
		switch r.status {
		case fiber.StatusOK:
			winners++
		case fiber.StatusConflict:
			if d := errorBody(t, r); d.Code != "already_claimed" {
				t.Errorf("operator %d refused with %q", i, d.Code)
			}
		default:
			t.Errorf("operator %d: %d %s", i, r.status, r.body)
		}
	}
	stored, err := e.sessions.Get(context.Background(), s.PhoneNumber, s.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	if winners != 1 || stored.AssignedTo == "" || stored.State != domain.StateHuman {
		t.Errorf("%d winners, stored assigned_to %q state %s; want exactly one", winners, stored.AssignedTo, stored.State)
	}
}

func TestSendingRespectsTheCustomerServiceWindow(t *testing.T) {
	e := newEnv(t, func(c *atendimento.Config) { c.SessionTTL = 48 * time.Hour })
	a, b := e.login(opA), e.login(opB)
	s := e.handoffSession("+5511999990001", t0.Add(-time.Hour), t0.Add(-2*time.Hour))

	if res := e.postJSON(apiURL(s)+"/send", map[string]string{"text": "Olá"}, a); res.status != fiber.StatusForbidden || errorBody(t, res).Code != "not_assigned" {
		t.Errorf("send before claiming = %d %s", res.status, res.body)
	}
	if res := e.postJSON(apiURL(s)+"/claim", map[string]any{}, a); res.status != fiber.StatusOK {
		t.Fatalf("claim = %d %s", res.status, res.body)
	}
	if res := e.postJSON(apiURL(s)+"/claim", map[string]any{}, b); res.status != fiber.StatusConflict || errorBody(t, res).Code != "already_claimed" {
		t.Errorf("second operator's claim = %d %s", res.status, res.body)
	}
	if res := e.postJSON(apiURL(s)+"/send", map[string]string{"text": "   "}, a); res.status != fiber.StatusBadRequest || errorBody(t, res).Code != "empty_text" {
		t.Errorf("empty send = %d %s", res.status, res.body)
	}
	res := e.postJSON(apiURL(s)+"/send", map[string]string{"text": "Olá, sou a Ana. Como posso ajudar?"}, a)
	if res.status != fiber.StatusOK {
		t.Fatalf("send = %d %s", res.status, res.body)
	}
	sends := e.sender.Sends()
	if last := sends[len(sends)-1]; last.To != "5511999990001" || last.Text != "Olá, sou a Ana. Como posso ajudar?" {
		t.Errorf("customer got %+v", last)
	}

	c := e.conversation(s, a)
	if !c.Conversation.Mine || !c.Conversation.Window.Open || c.Conversation.Window.RemainingSeconds != int64((22*time.Hour).Seconds()) {
		t.Errorf("conversation = %+v", c.Conversation)
	}
	if n := len(c.Conversation.Messages); n != 2 || c.Conversation.Messages[1].From != "operator" || c.Conversation.Messages[1].Operator != "(11) 40000-0001" {
		t.Errorf("history = %+v", c.Conversation.Messages)
	}

	// 22 hours later the window has closed: free text is refused, explained.
	e.clock.Advance(22*time.Hour + time.Second)
	res = e.postJSON(apiURL(s)+"/send", map[string]string{"text": "Ainda está aí?"}, a)
	if res.status != fiber.StatusUnprocessableEntity {
		t.Fatalf("send outside the window = %d %s", res.status, res.body)
	}
	if d := errorBody(t, res); d.Code != "window_closed" || !strings.Contains(d.Message, "24 horas") {
		t.Errorf("refusal = %+v", d)
	}
	if c := e.conversation(s, a); c.Conversation.Window.Open || !strings.Contains(c.Conversation.Window.Text, "fechada") {
		t.Errorf("window shown = %+v", c.Conversation.Window)
	}
}

func TestReleaseAndClose(t *testing.T) {
	e := newEnv(t, nil)
	a, b := e.login(opA), e.login(opB)
	s := e.handoffSession("+5511999990001", t0, t0)
	e.postJSON(apiURL(s)+"/claim", map[string]any{}, a)
	if res := e.postJSON(apiURL(s)+"/release", map[string]any{}, b); res.status != fiber.StatusForbidden {
		t.Errorf("release by another operator = %d", res.status)
	}
	if res := e.postJSON(apiURL(s)+"/release", map[string]any{}, a); res.status != fiber.StatusOK {
		t.Fatalf("release = %d %s", res.status, res.body)
	}
	if c := e.conversation(s, b); !c.Conversation.CanClaim || c.Conversation.State != "HANDOFF" {
		t.Errorf("after release = %+v", c.Conversation)
	}
	e.postJSON(apiURL(s)+"/claim", map[string]any{}, b)
	if res := e.postJSON(apiURL(s)+"/close", map[string]any{}, b); res.status != fiber.StatusOK {
		t.Fatalf("close = %d %s", res.status, res.body)
	}
	if q := e.queue(a); len(q.Conversations) != 0 {
		t.Errorf("a closed conversation stays in the queue: %+v", q)
	}
}

func TestActionsRefuseBadRequests(t *testing.T) {
	e := newEnv(t, nil)
	a := e.login(opA)
	s := e.handoffSession("+5511999990001", t0, t0)
	tests := []struct {
		name, target, contentType, body string
		status                          int
		code                            string
	}{
		{"form post", apiURL(s) + "/claim", "application/x-www-form-urlencoded", "x=1", fiber.StatusUnsupportedMediaType, "unsupported_media_type"},
		{"unknown action", apiURL(s) + "/delete", "application/json", "{}", fiber.StatusNotFound, "not_found"},
		{"bad session ID", "/atendimento/api/conversations/5511999990001/..%2F..%2Fx/claim", "application/json", "{}", fiber.StatusNotFound, "not_found"},
		{"unknown session", "/atendimento/api/conversations/5511999990001/nope/claim", "application/json", "{}", fiber.StatusNotFound, "not_found"},
		{"bad body", apiURL(s) + "/send", "application/json", "[", fiber.StatusBadRequest, "bad_request"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := e.do("POST", tc.target, tc.contentType, tc.body, a)
			if res.status != tc.status || errorBody(t, res).Code != tc.code {
				t.Errorf("= %d %s, want %d %s", res.status, res.body, tc.status, tc.code)
			}
		})
	}
}

// The history shows what the customer saw: superseded answers and failed
// model calls, never sent, stay out.
func TestHistoryShowsWhatWasSent(t *testing.T) {
	e := newEnv(t, nil)
	a := e.login(opA)
	s := e.handoffSession("+5511999990001", t0, t0.Add(-time.Minute))
	ctx := context.Background()
	for i, m := range []domain.Message{
		{Content: "old answer", Error: domain.ErrorSuperseded},
		{Content: "raw failure", Error: "model timeout"},
		{Content: "Vou chamar uma pessoa.", CleanMessageSent: "Vou chamar uma pessoa."},
	} {
		m.MessageID, m.SessionID, m.PhoneNumber = fmt.Sprintf("out-%d", i), s.SessionID, s.PhoneNumber
		m.Timestamp, m.Direction, m.MessageType = t0.Add(time.Duration(i)*time.Second), domain.DirectionOutbound, domain.MessageText
		m.StateBefore, m.StateAfter = domain.StateQualifying, domain.StateHandoff
		if err := e.messages.Append(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	msgs := e.conversation(s, a).Conversation.Messages
	if len(msgs) != 2 || msgs[0].From != "customer" || msgs[1].From != "bot" || msgs[1].Text != "Vou chamar uma pessoa." {
		t.Errorf("history = %+v", msgs)
	}
	page := e.do("GET", "/atendimento/conversations/5511999990001/"+s.SessionID, "", "", a)
	if page.status != fiber.StatusOK || !strings.Contains(page.body, "Vou chamar uma pessoa.") || strings.Contains(page.body, "old answer") {
		t.Errorf("conversation page = %d:\n%s", page.status, page.body)
	}
}

func TestStaticFilesAreServed(t *testing.T) {
	e := newEnv(t, nil)
	for name, typ := range map[string]string{"console.js": "javascript", "console.css": "text/css"} {
		res := e.do("GET", "/atendimento/static/"+name, "", "", "")
		if res.status != fiber.StatusOK || !strings.Contains(res.header.Get("Content-Type"), typ) {
			t.Errorf("%s = %d %q", name, res.status, res.header.Get("Content-Type"))
		}
	}
	if res := e.do("GET", "/atendimento/static/..%2Fconsole.go", "", "", ""); res.status != fiber.StatusNotFound {
		t.Errorf("a path out of the folder = %d", res.status)
	}
}
