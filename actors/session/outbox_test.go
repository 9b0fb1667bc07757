package session_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

// A reply sent right after its turn is committed with its first call begun:
// the commit and the recorded result are its only writes, where a reply
// committed pending takes a third one before the call.
func TestReplySentAtOnceIsBegunByItsCommit(t *testing.T) {
	h := newHarness(t, session.Config{}, llmtest.AnswerWith("Olá! Em que posso ajudar?"))
	h.stop()
	counting := &persistencetest.CountingTable{Table: h.table}
	h.table = counting
	h.start()
	const phone = "+5511900000040"
	h.chat(phone, "b1", "Oi")
	h.waitSends(1)
	var reply domain.Message
	deadline := time.Now().Add(5 * time.Second)
	for reply.OutboxStatus != domain.OutboxSent && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		for _, m := range h.messages(phone) {
			if m.Direction == domain.DirectionOutbound {
				reply = m
			}
		}
	}
	if reply.OutboxStatus != domain.OutboxSent || reply.OutboxAttempts != 1 || reply.OutboxUncertain != 0 {
		t.Fatalf("reply status %q, attempts %d, uncertain %d; want sent after one call, counted certain",
			reply.OutboxStatus, reply.OutboxAttempts, reply.OutboxUncertain)
	}
	// The chat's turn wrote its commit and the send's result, nothing else
	// (no receipt: /chat has none).
	if got := counting.Writes.Load(); got != 2 {
		t.Errorf("%d table writes for the turn and its reply, want 2 (commit, result)", got)
	}
}
