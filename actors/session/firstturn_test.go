package session_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/llmtest"
)

// beginCounter counts the turns that asked the store for their session.
type beginCounter struct {
	session.Store
	begins atomic.Int32
}

func (b *beginCounter) Begin(ctx context.Context, phone string, prior session.Prior, fresh func(*domain.Session) domain.Session) (session.Begun, error) {
	b.begins.Add(1)
	return b.Store.Begin(ctx, phone, prior, fresh)
}

// A phone that never had a session begins its first one without asking the
// store, which would read nothing, and its next turn runs in the session it
// holds.
func TestANewPhonesFirstTurnAsksTheStoreNothing(t *testing.T) {
	counter := &beginCounter{}
	h := newHarnessSetUp(t, session.Config{}, llmtest.AnswerWith("Olá! Como posso ajudar?"), func(h *harness) {
		h.wrapStore = func(s session.Store) session.Store { counter.Store = s; return counter }
	})
	const phone = "+5511987650001"
	h.deliver(phone, "wamid.first.1", "Olá")
	h.waitSends(1)
	h.deliver(phone, "wamid.first.2", "Preciso de um orçamento")
	h.waitSends(2)
	if n := counter.begins.Load(); n != 0 {
		t.Errorf("the store was asked %d times to begin a session for a phone that never had one", n)
	}
	if msgs := h.messages(phone); len(msgs) != 4 {
		t.Errorf("the session logs %d messages, want the 2 customer messages and the 2 replies", len(msgs))
	}
}
