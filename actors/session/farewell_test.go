package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// An operator's CLOSE sends the business's farewell to the customer once,
// through the outbox in the close's own commit: a node restarted after the
// close sends it no second time.
func TestOperatorCloseSendsTheFarewellOnce(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	h.business = conversation.NewBusiness()
	h.business.Set(conversation.BusinessText{Farewell: "Obrigado, até a próxima!"})
	h.stop()
	h.start()
	phone, operator := "+5511900000070", "+5511900000996"
	id := handedOff(t, h, phone)
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, "")
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE, phone, id, operator, ""); !res.GetOk() || res.GetState() != string(domain.StateClosed) {
		t.Fatalf("close: %+v", res)
	}
	sends := h.waitSends(2) // the bot's handoff reply, then the farewell
	if sends[1].Text != "Obrigado, até a próxima!" || sends[1].To != phone[1:] {
		t.Errorf("platform received %+v", sends)
	}

	h.stop()
	h.start()
	if _, err := h.sup.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	farewells := 0
	for _, s := range h.sender.Sends() {
		if s.Text == "Obrigado, até a próxima!" {
			farewells++
		}
	}
	if farewells != 1 {
		t.Errorf("the farewell reached the platform %d times, want once", farewells)
	}
}

// A conversation closed by a RESET, or by an operator with no farewell
// set, is told nothing.
func TestNoFarewellWithoutOne(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	phone, operator := "+5511900000071", "+5511900000995"
	id := handedOff(t, h, phone)
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, "")
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE, phone, id, operator, "")
	time.Sleep(300 * time.Millisecond)
	if sends := h.sender.Sends(); len(sends) != 1 {
		t.Errorf("platform received %+v, want only the handoff reply", sends)
	}
}
