package session_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// The commit that records a session's desired CRM state keeps the prepared
// payload on the session (crm_payload), and the one that closes it the
// terminal stage of its deal (crm_terminal_stage).
func TestCommitWritesCRMPayloadAndTerminalStage(t *testing.T) {
	h := newHarness(t, session.Config{}, registrationAnswers)
	phone, operator := "+5511900000080", "+5511900000995"
	ctx := context.Background()
	id := registered(t, h, phone)
	s, err := persistence.NewSessions(h.table).Active(ctx, phone)
	if err != nil {
		t.Fatal(err)
	}
	desired, err := projection.Desired(s)
	if err != nil {
		t.Fatal(err)
	}
	want := generic(t, map[string]any{"stage": projection.StageRegistered, "contact": desired.Contact, "deal": desired.Deal})
	if got := generic(t, s.CRMPayload); !reflect.DeepEqual(got, want) {
		t.Errorf("crm_payload = %v\nwant %v", got, want)
	}
	if s.CRMTerminalStage != "" {
		t.Errorf("crm_terminal_stage = %q on an open session", s.CRMTerminalStage)
	}

	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, "")
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE, phone, id, operator, ""); !res.GetOk() {
		t.Fatalf("close = %+v", res)
	}
	closed, err := persistence.NewSessions(h.table).Get(ctx, phone, id)
	if err != nil || closed.CRMTerminalStage != projection.StageClosed {
		t.Errorf("closed session: crm_terminal_stage %q (%v), want %q", closed.CRMTerminalStage, err, projection.StageClosed)
	}
	p, err := persistence.NewProjections(h.table).Get(ctx, id)
	if err != nil || p.Desired.Stage != projection.StageClosed || !p.Desired.Terminal {
		t.Errorf("projection after the close = %+v (%v), want the terminal stage", p.Desired, err)
	}
}

// A message /chat brought and waited for records sync_claimed_at on its
// receipt in the turn's commit; one the queue delivered does not.
func TestChatTurnRecordsSyncClaimed(t *testing.T) {
	h := newHarness(t, session.Config{}, registrationAnswers)
	phone := "+5511900000081"
	h.chat(phone, "c1", "quero uma pesquisa de mercado")
	receipts := persistence.NewReceipts(h.table)
	r, err := receipts.Get(context.Background(), "c1")
	if err != nil || r.SyncClaimedAt == nil || r.CompletedAt == nil || !r.SyncClaimedAt.Equal(*r.AgentRoutedAt) {
		t.Errorf("receipt of a chat turn = %+v (%v), want sync_claimed_at when it was routed", r, err)
	}
	h.deliver(phone, "d1", "Maria Silva, maria@example.com, CPF 529.982.247-25")
	h.waitSends(2)
	r, err = receipts.Get(context.Background(), "d1")
	if err != nil || r.SyncClaimedAt != nil || r.CompletedAt == nil {
		t.Errorf("receipt of a delivered turn = %+v (%v), want completed without sync_claimed_at", r, err)
	}
}

// A tapped button reaches the conversation as its title, and the message
// log keeps the button's ID on the customer's message.
func TestTappedReplyKeepsItsID(t *testing.T) {
	h := newHarness(t, session.Config{}, registrationAnswers)
	phone := "+5511900000082"
	tap := turn(phone, "b1", "Pesquisa de mercado")
	tap.ReplyId = "svc_pesquisa"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := h.sup.Chat(ctx, &sessionpb.ChatRequest{Turn: tap}); err != nil {
		t.Fatal(err)
	}
	for _, m := range h.messages(phone) {
		if m.MessageID == "b1" && (m.ReplyID != "svc_pesquisa" || m.Content != "Pesquisa de mercado") {
			t.Errorf("logged tap = %+v, want the title with reply_id svc_pesquisa", m)
		}
	}
	if calls := h.model.Calls(); len(calls) == 0 || !contains(joinAll(calls[0]), "Pesquisa de mercado") {
		t.Errorf("the model saw %q, want the tapped title", calls)
	}
}
