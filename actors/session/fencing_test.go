package session_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/llmtest"
)

// TestStaleActivationLosesReloadsAndNeverReplies is the fencing of a
// clustered deployment: while members disagree on the topology, one phone
// may have two activations (here, two actor systems over one table, as two
// members would be). Both load the same session and run a turn; the one
// that commits second loses on the session version, is told so, reloads,
// and its answer never reaches the customer: replies leave only through a
// committed outbox. Its message, handed to it again (as the recovery sweep
// of its receipt does), is answered on the winner's state.
func TestStaleActivationLosesReloadsAndNeverReplies(t *testing.T) {
	h := newHarness(t, session.Config{}, func(n int) string { return llmtest.AnswerWith(fmt.Sprintf("Resposta %d", n))(n) })
	phone := "+5511900000050"
	if r := h.chat(phone, "fence-1", "Oi"); r.GetReply() != "Resposta 1" {
		t.Fatalf("first turn: %+v", r)
	}
	otherSystem, other := h.supervise()
	defer func() {
		if err := other.Stop(); err != nil {
			t.Errorf("stop the second activation's supervisor: %v", err)
		}
		otherSystem.Shutdown()
	}()

	// Calls 2 and 3 are the two activations' turns, both held until both
	// have loaded the same session version and asked the model.
	release2, release3 := h.model.Hold(2), h.model.Hold(3)
	defer release2()
	defer release3()
	var (
		wg      sync.WaitGroup
		replies = map[string]*sessionpb.ChatReply{}
		mu      sync.Mutex
	)
	for id, sup := range map[string]*session.Supervisor{"fence-a": h.sup, "fence-b": other} {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			r, err := sup.Chat(ctx, &sessionpb.ChatRequest{Turn: turn(phone, id, "Mensagem "+id)})
			if err != nil {
				t.Errorf("chat %s: %v", id, err)
				return
			}
			mu.Lock()
			replies[id] = r
			mu.Unlock()
		})
	}
	h.model.AwaitCalls(t, 2, 3) // both activations loaded the same version
	release2()
	h.waitSends(2) // the winner's reply
	release3()
	wg.Wait()

	var winner, loser string
	for id, r := range replies {
		switch {
		case r.GetReply() == "Resposta 2" && r.GetError() == "":
			winner = id
		case r.GetError() != "":
			loser = id
		}
	}
	if winner == "" || loser == "" {
		t.Fatalf("want one winner answered with call 2 and one loser told of the conflict; got %+v", replies)
	}
	// Any late send would show by the time the loser's restart reloaded.
	time.Sleep(200 * time.Millisecond)
	for _, s := range h.sender.Sends() {
		if s.Text == "Resposta 3" {
			t.Errorf("the stale activation's answer reached the customer: %+v", s)
		}
	}
	if n := len(h.sender.Sends()); n != 2 {
		t.Errorf("%d sends; want 2 (the first turn and the winner)", n)
	}

	// The loser's message comes back to its activation, which reloaded: it
	// is answered on the winner's state, in the same session.
	sup := map[string]*session.Supervisor{"fence-a": h.sup, "fence-b": other}[loser]
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	again, err := sup.Chat(ctx, &sessionpb.ChatRequest{Turn: turn(phone, loser, "Mensagem "+loser)})
	if err != nil || again.GetError() != "" || again.GetReply() != "Resposta 4" || again.GetSessionId() != replies[winner].GetSessionId() {
		t.Fatalf("the loser's message again: %+v, %v; want Resposta 4 in session %s", again, err, replies[winner].GetSessionId())
	}
	var inbound, outbound []string
	for _, m := range h.messages(phone) {
		switch m.Direction {
		case domain.DirectionInbound:
			inbound = append(inbound, m.MessageID)
		case domain.DirectionOutbound:
			if m.CleanMessageSent != "" {
				outbound = append(outbound, m.CleanMessageSent)
			}
		}
	}
	if len(inbound) != 3 {
		t.Errorf("inbound log %v; want fence-1, the winner's and the loser's message once each", inbound)
	}
	for _, text := range outbound {
		if text == "Resposta 3" {
			t.Errorf("the stale answer was committed as sent text: %v", outbound)
		}
	}
}
