package atendimento_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
)

// The queue names a customer by the data the conversation collected (here
// the qualification, before any registration), shows the number alone when
// no name is known, and marks the rows an operator holds instead of leaving
// the "#" cell blank.
func TestQueueNamesCustomersAndMarksHeldRows(t *testing.T) {
	e := newEnv(t, nil)
	a := e.login(opA)
	named := e.handoffSession("+5511999990001", t0, t0)
	named.CadastralData = map[string]any{}
	named.QualificationData = map[string]any{"contato": "Ana Souza"}
	if _, err := e.sessions.Save(context.Background(), named); err != nil {
		t.Fatal(err)
	}
	unnamed := e.handoffSession("+5511999990002", t0, t0)
	unnamed.CadastralData = map[string]any{}
	if _, err := e.sessions.Save(context.Background(), unnamed); err != nil {
		t.Fatal(err)
	}
	held := e.handoffSession("+5511999990003", t0, t0)
	if res := e.postJSON(apiURL(held)+"/claim", map[string]any{}, a); res.status != fiber.StatusOK {
		t.Fatalf("claim = %d %s", res.status, res.body)
	}

	names := map[string]string{}
	for _, c := range e.queue(a).Conversations {
		names[c.SessionID] = c.Name
	}
	if names[named.SessionID] != "Ana Souza" || names[unnamed.SessionID] != "" {
		t.Errorf("queue names = %v", names)
	}
	page := e.do("GET", "/atendimento", "", "", a).body
	if strings.Contains(page, "<strong>—</strong>") || !strings.Contains(page, "5511999990002</strong>") {
		t.Errorf("a customer without a name is not shown by number:\n%s", page)
	}
	row := page[strings.Index(page, `data-session-id="`+held.SessionID):]
	if cell := row[:strings.Index(row, "</td>")]; !strings.Contains(cell, `class="held"`) {
		t.Errorf("the held row's first cell is %q, want the held mark", cell)
	}
}

// A closed conversation shows no open 24-hour window, even when the
// customer wrote a minute ago.
func TestClosedConversationShowsNoOpenWindow(t *testing.T) {
	e := newEnv(t, nil)
	a := e.login(opA)
	s := e.handoffSession("+5511999990001", t0, t0)
	e.postJSON(apiURL(s)+"/claim", map[string]any{}, a)
	if c := e.conversation(s, a); !c.Conversation.Window.Open || c.Conversation.Window.Ended {
		t.Fatalf("before closing, window = %+v", c.Conversation.Window)
	}
	if res := e.postJSON(apiURL(s)+"/close", map[string]any{}, a); res.status != fiber.StatusOK {
		t.Fatalf("close = %d %s", res.status, res.body)
	}
	if c := e.conversation(s, a); c.Conversation.Window.Open || !c.Conversation.Window.Ended || c.Conversation.Window.RemainingSeconds != 0 {
		t.Errorf("closed conversation's window = %+v", c.Conversation.Window)
	}
	page := e.do("GET", strings.Replace(apiURL(s), "/api", "", 1), "", "", a).body
	if strings.Contains(page, `class="window open"`) || !strings.Contains(page, `class="window ended"`) {
		t.Errorf("closed conversation's page shows the window as:\n%s", page)
	}
}
