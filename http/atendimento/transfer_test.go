package atendimento_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
)

// Transfers follow the one roster: a person admins disabled is neither
// offered nor accepted (refused in pt-BR), one admins added without
// OPERATOR_PHONES is both, and a number outside the roster is unknown.
func TestTransferFollowsTheRoster(t *testing.T) {
	const adminOnly = "+5511988887777"
	e := newEnv(t, nil)
	roster := persistence.NewOperatorRoster(e.table)
	for _, o := range []persistence.OperatorRecord{{Phone: opB, Name: "Bia", Disabled: true}, {Phone: adminOnly, Name: "Ana"}} {
		if err := roster.Put(context.Background(), o); err != nil {
			t.Fatal(err)
		}
	}
	a := e.login(opA)
	s := e.handoffSession("+5511999990001", t0, t0)
	if res := e.postJSON(apiURL(s)+"/claim", map[string]any{}, a); res.status != fiber.StatusOK {
		t.Fatalf("claim = %d %s", res.status, res.body)
	}
	page := e.do("GET", "/atendimento/conversations/"+messaging.Digits(s.PhoneNumber)+"/"+s.SessionID, "", "", a)
	if page.status != fiber.StatusOK || !strings.Contains(page.body, messaging.Digits(adminOnly)) || strings.Contains(page.body, messaging.Digits(opB)) {
		t.Errorf("conversation page = %d; want the admin-added operator offered for transfer and the disabled one not", page.status)
	}
	// The list names people as the roster does, the number as typed beside.
	if want := `<option value="&#43;5511988887777">Ana · (11) 98888-7777</option>`; !strings.Contains(page.body, want) {
		t.Errorf("transfer list lacks %s", want)
	}
	tests := []struct {
		name, to string
		status   int
		code     string
		message  string
	}{
		{"disabled operator", opB, fiber.StatusConflict, "operator_disabled", "Este operador está desativado e não pode receber conversas. Escolha outro da lista."},
		{"outside the roster", "+5511400000099", fiber.StatusBadRequest, "unknown_operator", "Escolha um operador da lista."},
		{"added in admin only", adminOnly, fiber.StatusOK, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := e.postJSON(apiURL(s)+"/transfer", map[string]any{"to": tc.to}, a)
			if res.status != tc.status {
				t.Fatalf("transfer = %d %s, want %d", res.status, res.body, tc.status)
			}
			if tc.code == "" {
				return
			}
			if d := errorBody(t, res); d.Code != tc.code || d.Message != tc.message {
				t.Errorf("refusal = %+v, want %s %q", d, tc.code, tc.message)
			}
		})
	}
	stored, err := e.sessions.Get(context.Background(), s.PhoneNumber, s.SessionID)
	if err != nil || string(stored.AssignedTo) != adminOnly {
		t.Errorf("conversation held by %q (%v), want the admin-added operator", stored.AssignedTo, err)
	}
}
