package atendimento_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// qualifyingSession stores a conversation the bot is answering.
func (e *env) qualifyingSession(phone string) domain.Session {
	e.t.Helper()
	s := domain.NewSession(uuid.NewString(), phone, "instance_a", t0)
	s.State, s.CurrentAgent = domain.StateQualifying, domain.AgentQualifier
	s, err := e.sessions.Create(context.Background(), s)
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

// An operator finds a conversation the bot holds by the customer's number,
// sees it may be taken over, and takes it only after confirming.
func TestTakeoverOfABotConversationNeedsConfirmation(t *testing.T) {
	e := newEnv(t, nil)
	a := e.login(opA)
	s := e.qualifyingSession("+5511999990031")

	res := e.do("GET", "/atendimento/find?phone="+url.QueryEscape("+55 11 99999-0031"), "", "", a)
	want := "/atendimento/conversations/" + messaging.Digits(s.PhoneNumber) + "/" + s.SessionID
	if res.status != fiber.StatusSeeOther || res.header.Get("Location") != want {
		t.Fatalf("find = %d to %q, want 303 to %q", res.status, res.header.Get("Location"), want)
	}
	if res := e.do("GET", "/atendimento/find?phone=%2B5511999990099", "", "", a); res.status != fiber.StatusNotFound {
		t.Errorf("find of a number without a conversation = %d, want 404", res.status)
	}
	page := e.do("GET", want, "", "", a)
	if page.status != fiber.StatusOK || !strings.Contains(page.body, `id="takeover"`) || !strings.Contains(page.body, `id="takeover-confirm"`) {
		t.Fatalf("conversation page = %d, want the takeover button and its confirmation", page.status)
	}

	var c struct {
		Conversation struct {
			CanClaim    bool `json:"can_claim"`
			CanTakeOver bool `json:"can_take_over"`
		} `json:"conversation"`
	}
	body := e.do("GET", apiURL(s), "", "", a).body
	if err := json.Unmarshal([]byte(body), &c); err != nil || c.Conversation.CanClaim || !c.Conversation.CanTakeOver {
		t.Errorf("conversation = %s, want can_take_over and not can_claim", body)
	}

	res = e.postJSON(apiURL(s)+"/claim", map[string]any{}, a)
	if res.status != fiber.StatusConflict || errorBody(t, res).Code != "confirm_takeover" {
		t.Fatalf("unconfirmed takeover = %d %s, want 409 confirm_takeover", res.status, res.body)
	}
	if stored, _ := e.sessions.Get(context.Background(), s.PhoneNumber, s.SessionID); stored.State != domain.StateQualifying || stored.AssignedTo != "" {
		t.Errorf("after an unconfirmed takeover: %s held by %q, want the bot's QUALIFYING untouched", stored.State, stored.AssignedTo)
	}
	res = e.postJSON(apiURL(s)+"/claim", map[string]any{"confirm": true}, a)
	if res.status != fiber.StatusOK {
		t.Fatalf("confirmed takeover = %d %s", res.status, res.body)
	}
	if stored, _ := e.sessions.Get(context.Background(), s.PhoneNumber, s.SessionID); stored.State != domain.StateHuman || string(stored.AssignedTo) != opA {
		t.Errorf("after the takeover: %s held by %q, want HUMAN held by %s", stored.State, stored.AssignedTo, opA)
	}
}
