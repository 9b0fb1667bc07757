package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// takeoverAnswers: triage, then the qualifier's answer (held in flight by
// the test), then the summary the takeover asks for.
func takeoverAnswers(n int) string {
	switch n {
	case 1:
		return `{"s":0,"qualification_data":{}} Olá! Qual pesquisa você procura?`
	case 2:
		return `{"s":0,"qualification_data":{}} resposta que ninguém deve ver`
	}
	return `{"motivo_encerramento":"assumido","pontos_chave":["operador assumiu"],"proxima_acao":"atender","resumo_texto":"Operador assumiu a conversa."}`
}

// An operator who takes over a conversation the bot holds stops the bot at
// once: the answer in flight is never sent, the conversation is HUMAN with
// OPERATOR_TAKEOVER and a summary, and later messages get no bot reply.
func TestOperatorTakeoverStopsTheBotAtOnce(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: 50 * time.Millisecond, DebounceMaxWait: time.Second}, takeoverAnswers)
	phone, operator := "+5511900000070", "+5511900000997"
	first := h.chat(phone, "t1", "Oi")
	if first.GetState() != string(domain.StateQualifying) {
		t.Fatalf("after triage the state is %q, want QUALIFYING", first.GetState())
	}
	release := h.model.Hold(2)
	h.deliver(phone, "t2", "quero uma pesquisa de mercado")
	h.model.AwaitCalls(t, 2) // the qualifier's call is in flight
	done := make(chan *sessionpb.OperatorResult, 1)
	go func() {
		done <- h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, first.GetSessionId(), operator, "")
	}()
	time.Sleep(300 * time.Millisecond) // the claim reaches the actor while the call is held
	release()
	res := <-done
	if !res.GetOk() || res.GetState() != string(domain.StateHuman) || res.GetAssignedTo() != operator {
		t.Fatalf("takeover = %+v, want ok, HUMAN, held by %s", res, operator)
	}
	h.deliver(phone, "t3", "alô?")
	time.Sleep(300 * time.Millisecond) // a bot reply, if any, would show up here
	for _, send := range h.sender.Sends() {
		if contains(send.Text, "ninguém deve ver") {
			t.Errorf("the superseded answer reached the customer: %+v", send)
		}
	}
	if n := len(h.sender.Sends()); n != 1 {
		t.Errorf("the customer got %d messages, want only the triage reply", n)
	}
	s, err := persistence.NewSessions(h.table).Active(context.Background(), phone)
	if err != nil || s.State != domain.StateHuman || s.HandoffReason != domain.HandoffOperatorTakeover || s.HandoffAt == nil ||
		domain.SummaryText(s.OperationalSummary) == "" {
		t.Errorf("stored session: %+v (%v), want HUMAN, OPERATOR_TAKEOVER, handoff_at and a summary", s, err)
	}
	// The last message commits after its debounce window, later than the
	// check above on a loaded machine: wait for it rather than sleep longer.
	deadline := time.Now().Add(10 * time.Second)
	for countInbound(h.messages(phone)) < 3 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := countInbound(h.messages(phone)); got != 3 {
		t.Errorf("logged %d customer messages, want all 3", got)
	}
}
