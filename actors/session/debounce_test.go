package session_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/internal/llmtest"
)

func TestBurstBecomesOneModelCallWithEveryMessageInOrder(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: 300 * time.Millisecond, DebounceMaxWait: 5 * time.Second}, llmtest.AnswerWith("Olá!"))
	for i, text := range []string{"Oi", "preciso de uma pesquisa", "de mercado"} {
		if i > 0 {
			time.Sleep(100 * time.Millisecond)
		}
		h.deliver("+5511900000001", "m"+string(rune('1'+i)), text)
	}
	sends := h.waitSends(1)
	calls := h.model.Calls()
	if len(calls) != 1 {
		t.Fatalf("model calls = %d, want 1: %q", len(calls), calls)
	}
	if !ordered(joinAll(calls[0]), "Oi", "preciso de uma pesquisa", "de mercado") {
		t.Errorf("model input %q does not hold the whole burst in arrival order", calls[0])
	}
	if sends[0].Text != "Olá!" || len(sends) != 1 {
		t.Errorf("sends = %+v, want one reply Olá!", sends)
	}
}

func TestSteadyStreamFlushesAtMaxWait(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: 200 * time.Millisecond, DebounceMaxWait: 500 * time.Millisecond}, llmtest.AnswerWith("Certo."))
	// One message every 100 ms for 1.2 s never leaves a quiet window, so only
	// the max wait can flush while the customer is still typing.
	for i := range 12 {
		h.deliver("+5511900000002", "s"+string(rune('a'+i)), "parte")
		time.Sleep(100 * time.Millisecond)
		if len(h.model.Calls()) > 0 {
			return
		}
	}
	t.Fatalf("no model call while a stream longer than DebounceMaxWait was arriving")
}

func TestPhonesInterleaveWithoutMixing(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: 200 * time.Millisecond, DebounceMaxWait: 2 * time.Second}, llmtest.AnswerWith("Ok."))
	h.deliver("+5511900000003", "a1", "alpha one")
	h.deliver("+5511900000004", "b1", "beta one")
	h.deliver("+5511900000003", "a2", "alpha two")
	h.deliver("+5511900000004", "b2", "beta two")
	h.waitSends(2)
	calls := h.model.Calls()
	if len(calls) != 2 {
		t.Fatalf("model calls = %d, want one per phone: %q", len(calls), calls)
	}
	for _, call := range calls {
		joined := joinAll(call)
		alpha, beta := contains(joined, "alpha"), contains(joined, "beta")
		if alpha == beta {
			t.Errorf("a call mixes or lacks phones: %q", call)
		}
	}
	for _, phone := range []string{"+5511900000003", "+5511900000004"} {
		if n := countInbound(h.messages(phone)); n != 2 {
			t.Errorf("%s logged %d inbound messages, want 2", phone, n)
		}
	}
}
