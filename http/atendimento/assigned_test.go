package atendimento_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A conversation automatic assignment gave to Ana, not taken up yet: Ana
// reads "Atribuída a você" in the queue and on the page, with the claim that
// takes it up; Bia reads whose it is, by name.
func TestTheConsoleShowsAnAssignmentNotTakenUp(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	roster := persistence.NewOperatorRoster(e.table)
	for _, o := range []persistence.OperatorRecord{{Phone: opA, Name: "Ana"}, {Phone: opB, Name: "Bia"}} {
		if err := roster.Put(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	s := domain.NewSession("sess-assigned", "+5511999990007", "instance_a", t0)
	s.State, s.AssignedTo, s.AssignedAt, s.HandoffAt = domain.StateHuman, opA, &t0, &t0
	s.HandoffReason = domain.HandoffCustomerRequest
	if _, err := e.sessions.Create(ctx, s); err != nil {
		t.Fatal(err)
	}
	page := "/atendimento/conversations/" + messaging.Digits(s.PhoneNumber) + "/" + s.SessionID
	ana, bia := e.login(opA), e.login(opB)
	for _, tc := range []struct {
		name, target, cookie string
		want                 []string
	}{
		{"Ana's queue", "/atendimento", ana, []string{"Atribuída a você"}},
		{"Ana's page", page, ana, []string{`<strong id="assigned">Atribuída a você</strong>`, "Assuma ou responda", `<button id="claim" type="button" >`}},
		{"Bia's queue", "/atendimento", bia, []string{"Atribuída a Ana"}},
		{"Bia's page", page, bia, []string{`<strong id="assigned">Atribuída a Ana</strong>`}},
		{"the queue's data", "/atendimento/api/queue", ana, []string{`"assigned":true`, `"status_text":"Atribuída a você"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := e.do("GET", tc.target, "", "", tc.cookie)
			if res.status != fiber.StatusOK {
				t.Fatalf("GET %s = %d", tc.target, res.status)
			}
			for _, w := range tc.want {
				if !strings.Contains(res.body, w) {
					t.Errorf("GET %s lacks %s", tc.target, w)
				}
			}
		})
	}
}
