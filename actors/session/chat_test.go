package session_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/llmtest"
)

func TestChatFlushesAtOnceAndAnswersWithTheReply(t *testing.T) {
	// A window far longer than the test: only the chat's immediate flush can answer.
	h := newHarness(t, session.Config{DebounceWindow: time.Hour, DebounceMaxWait: time.Hour}, llmtest.AnswerWith("Olá! Como posso ajudar?"))
	reply := h.chat("+5511900000020", "c1", "Oi")
	if reply.GetReply() != "Olá! Como posso ajudar?" || reply.GetError() != "" {
		t.Fatalf("reply = %+v", reply)
	}
	if reply.GetSessionId() == "" || reply.GetState() == "" {
		t.Errorf("reply lacks the session: %+v", reply)
	}
	log := h.messages("+5511900000020")
	if len(log) != 2 || log[0].Direction != domain.DirectionInbound || log[1].CleanMessageSent != reply.GetReply() {
		t.Fatalf("log = %+v, want the inbound message then the reply", log)
	}
	out := log[1]
	if out.LLMModel != "test-model" || out.TokensInput != 12 || out.TokensOutput != 7 || out.LLMRawResponse == "" || out.Agent == "" {
		t.Errorf("outbound log lacks the model call: %+v", out)
	}
}

func TestDuplicateDeliveryIsAcknowledgedOnce(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: 200 * time.Millisecond, DebounceMaxWait: time.Second}, llmtest.AnswerWith("Ok."))
	h.deliver("+5511900000021", "d1", "Oi")
	h.deliver("+5511900000021", "d1", "Oi")
	h.waitSends(1)
	if n := countInbound(h.messages("+5511900000021")); n != 1 {
		t.Errorf("inbound messages = %d, want 1", n)
	}
}
