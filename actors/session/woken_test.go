package session_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/internal/llmtest"
)

// TestWokenIdleConversationReloads: a running conversation with nothing
// under way that is woken (the recovery sweep, or an activation that
// stopped elsewhere while its turn committed) restarts from the table, so
// it takes up what another activation committed after it loaded (here, two
// supervisors over one table, as two members of a cluster during a move);
// its next turn then runs on that state instead of losing its commit.
func TestWokenIdleConversationReloads(t *testing.T) {
	for _, woken := range []bool{false, true} {
		t.Run(fmt.Sprintf("woken=%v", woken), func(t *testing.T) {
			h := newHarness(t, session.Config{}, func(n int) string { return llmtest.AnswerWith(fmt.Sprintf("Resposta %d", n))(n) })
			phone := "+5511900000051"
			if r := h.chat(phone, "woken-1", "Oi"); r.GetReply() != "Resposta 1" {
				t.Fatalf("first turn: %+v", r)
			}
			otherSystem, other := h.supervise()
			defer func() {
				if err := other.Stop(); err != nil {
					t.Errorf("stop the other supervisor: %v", err)
				}
				otherSystem.Shutdown()
			}()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if r, err := other.Chat(ctx, &sessionpb.ChatRequest{Turn: turn(phone, "woken-2", "Outra")}); err != nil || r.GetReply() != "Resposta 2" {
				t.Fatalf("the other activation's turn: %+v, %v", r, err)
			}
			if woken {
				h.sup.Wake(phone)
				time.Sleep(200 * time.Millisecond) // the restart reloads
			}
			r, err := h.sup.Chat(ctx, &sessionpb.ChatRequest{Turn: turn(phone, "woken-3", "De novo")})
			if err != nil {
				t.Fatal(err)
			}
			if lost := r.GetError() != ""; lost == woken {
				t.Errorf("the first activation's next turn: %+v; want it lost on the stale snapshot only when not woken", r)
			}
		})
	}
}
