package session_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// handedOff chats one message whose answer asks for a person, leaving the
// conversation in HANDOFF, and returns its session ID.
func handedOff(t *testing.T, h *harness, phone string) string {
	t.Helper()
	reply := h.chat(phone, "h1", "quero falar com uma pessoa")
	if reply.GetState() != string(domain.StateHandoff) {
		t.Fatalf("after s=3 the state is %q, want HANDOFF", reply.GetState())
	}
	return reply.GetSessionId()
}

func personAnswers(n int) string {
	if n == 1 {
		return `{"s":3,"qualification_data":{}} Vou chamar um atendente.`
	}
	return `{"motivo_encerramento":"atendido","pontos_chave":["pediu atendente"],"proxima_acao":"nenhuma","resumo_texto":"Cliente atendido por pessoa."}`
}

func (h *harness) operate(action sessionpb.OperatorAction, phone, sessionID, operator, text string) *sessionpb.OperatorResult {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := h.sup.Operate(ctx, &sessionpb.OperatorCommand{PhoneNumber: phone, SessionId: sessionID, OperatorPhone: operator, Action: action, Text: text})
	if err != nil {
		h.t.Fatalf("operate %s: %v", action, err)
	}
	return res
}

func TestConcurrentClaimsHaveExactlyOneWinner(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	phone := "+5511900000040"
	id := handedOff(t, h, phone)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		wins []string
	)
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			operator := "+55119000099" + string(rune('0'+i))
			res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, "")
			if res.GetOk() {
				mu.Lock()
				wins = append(wins, operator)
				mu.Unlock()
			} else if res.GetCode() != "already_claimed" {
				t.Errorf("a losing claim answered %q, want already_claimed", res.GetCode())
			}
		}()
	}
	wg.Wait()
	if len(wins) != 1 {
		t.Fatalf("winners = %q, want exactly one", wins)
	}
	stored, err := persistence.NewSessions(h.table).Active(context.Background(), phone)
	if err != nil || string(stored.AssignedTo) != wins[0] || stored.State != domain.StateHuman {
		t.Errorf("stored session: assigned_to %q state %s (%v), want %s HUMAN", stored.AssignedTo, stored.State, err, wins[0])
	}
}

func TestOperatorSendsReleasesAndCloses(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	phone, operator := "+5511900000041", "+5511900000999"
	id := handedOff(t, h, phone)

	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_SEND, phone, id, operator, "Olá"); res.GetCode() != "not_assigned" {
		t.Errorf("send before claiming: %+v, want not_assigned", res)
	}
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, "")
	res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_SEND, phone, id, operator, "Olá, sou a Ana. Como posso ajudar?")
	if !res.GetOk() || res.GetMessageId() == "" {
		t.Fatalf("send: %+v", res)
	}
	sends := h.waitSends(2) // the bot's handoff reply, then the operator's message
	if last := sends[len(sends)-1]; last.Text != "Olá, sou a Ana. Como posso ajudar?" {
		t.Errorf("platform received %+v", sends)
	}
	var logged *domain.Message
	for _, m := range h.messages(phone) {
		if m.MessageID == res.GetMessageId() {
			logged = &m
		}
	}
	if logged == nil || logged.OperatorPhone != operator || logged.Direction != domain.DirectionOutbound {
		t.Errorf("operator message logged as %+v", logged)
	}

	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE, phone, id, operator, ""); !res.GetOk() || res.GetState() != string(domain.StateHandoff) || res.GetAssignedTo() != "" {
		t.Errorf("release: %+v", res)
	}
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, "")
	res = h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE, phone, id, operator, "")
	if !res.GetOk() || res.GetState() != string(domain.StateClosed) {
		t.Fatalf("close: %+v", res)
	}
	closed, err := persistence.NewSessions(h.table).Get(context.Background(), phone, id)
	if err != nil || closed.ClosedAt == nil || domain.SummaryText(closed.OperationalSummary) == "" {
		t.Errorf("closed session: %+v (%v), want closed_at and an operational summary", closed, err)
	}
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_SEND, phone, id, operator, "ainda aí?"); res.GetCode() != "not_found" {
		t.Errorf("send after close: %+v, want not_found", res)
	}
}

func TestOperatorRefusals(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	phone := "+5511900000042"
	id := handedOff(t, h, phone)
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, "old-session", "+5511900000998", ""); res.GetCode() != "stale_session" {
		t.Errorf("claim of another session: %+v, want stale_session", res)
	}
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, "+5511900000043", "x", "+5511900000998", ""); res.GetCode() != "not_found" {
		t.Errorf("claim of a phone without a conversation: %+v, want not_found", res)
	}
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, "+5511900000998", "")
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_SEND, phone, id, "+5511900000998", "   "); res.GetCode() != "empty_text" {
		t.Errorf("blank send: %+v, want empty_text", res)
	}
}

func TestOperatorTextIsRefusedOutsideTheCustomerServiceWindow(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	phone, operator := "+5511900000044", "+5511900000997"
	id := handedOff(t, h, phone)
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, "")
	h.shift.Store(int64(conversation.CustomerServiceWindow + time.Minute))
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_SEND, phone, id, operator, "Oi?"); res.GetCode() != "window_closed" {
		t.Errorf("send 24 h after the customer's last message: %+v, want window_closed", res)
	}
}
