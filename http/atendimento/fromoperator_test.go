package atendimento_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
)

func TestFromOperatorForwardsToTheHeldConversation(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	a := e.login(opA)
	lastTo := func() messaging.StubSend {
		sends := e.sender.Sends()
		return sends[len(sends)-1]
	}

	// Not an operator: the caller treats it as a customer's message.
	if handled, err := e.console.FromOperator(ctx, stranger, "", "oi"); handled || err != nil {
		t.Errorf("stranger: handled=%v err=%v", handled, err)
	}

	// An operator holding nothing is told so; nothing reaches a customer.
	if handled, err := e.console.FromOperator(ctx, opA, "", "Olá!"); !handled || err != nil {
		t.Fatalf("holding nothing: handled=%v err=%v", handled, err)
	}
	if got := lastTo(); got.To != messaging.Digits(opA) || !strings.Contains(got.Text, "hold no conversation") {
		t.Errorf("operator told %+v", got)
	}

	s := e.handoffSession("+5511999990001", t0, t0)
	e.postJSON(apiURL(s)+"/claim", map[string]any{}, a)
	if handled, err := e.console.FromOperator(ctx, "55 11 4000-00001", "", " Olá, sou a Ana. "); !handled || err != nil {
		t.Fatalf("holding one: handled=%v err=%v", handled, err)
	}
	if got := lastTo(); got.To != "5511999990001" || got.Text != "Olá, sou a Ana." {
		t.Errorf("customer got %+v", got)
	}

	// Holding two, the operator must pick one in the console.
	other := e.handoffSession("+5511999990002", t0.Add(time.Minute), t0)
	e.postJSON(apiURL(other)+"/claim", map[string]any{}, a)
	before := len(e.sender.Sends())
	if handled, err := e.console.FromOperator(ctx, opA, "", "Para quem vai?"); !handled || err != nil {
		t.Fatalf("holding two: handled=%v err=%v", handled, err)
	}
	sends := e.sender.Sends()
	if len(sends) != before+1 || sends[before].To != messaging.Digits(opA) || !strings.Contains(sends[before].Text, "2 conversations") {
		t.Errorf("after a message while holding two: %+v", sends[before:])
	}
}
