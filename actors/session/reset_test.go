package session_test

import (
	"errors"
	"testing"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A reset is the conversation's own close: it closes the session it holds,
// whoever holds it, points the phone at no session, and the next message
// starts a new session linked to the closed one.
func TestResetClosesTheSessionTheConversationHolds(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	const phone = "+5511900000070"
	id := handedOff(t, h, phone)
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, "+5511900009999", ""); !res.GetOk() {
		t.Fatalf("claim: %+v", res)
	}

	res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_RESET, phone, "", "", "")
	if !res.GetOk() || res.GetClosedSessionId() != id || res.GetState() != string(domain.StateClosed) {
		t.Fatalf("reset = %+v, want ok, closing %s", res, id)
	}
	sessions := persistence.NewSessions(h.table)
	if _, err := sessions.Active(t.Context(), phone); !errors.Is(err, persistence.ErrNotFound) || errors.Is(err, persistence.ErrNoSessions) {
		t.Errorf("active session after the reset: %v; want the reset pointer", err)
	}
	closed, err := sessions.Get(t.Context(), phone, id)
	if err != nil || closed.State != domain.StateClosed || closed.ClosedAt == nil {
		t.Errorf("the session after the reset = %s closed at %v (%v)", closed.State, closed.ClosedAt, err)
	}

	again := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_RESET, phone, "", "", "")
	if !again.GetOk() || again.GetClosedSessionId() != "" {
		t.Errorf("second reset = %+v, want ok closing nothing", again)
	}
	next := h.chat(phone, "n1", "oi de novo")
	fresh, err := sessions.Get(t.Context(), phone, next.GetSessionId())
	if err != nil || next.GetSessionId() == id || string(fresh.PreviousSessionID) != id {
		t.Errorf("after the reset the phone talks in %s (previous %q, %v); want a new session after %s", next.GetSessionId(), fresh.PreviousSessionID, err, id)
	}
}

// A phone without any session is reset all the same: its pointer names no
// session from then on.
func TestResetOfAPhoneWithoutSessions(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	const phone = "+5511900000071"
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_RESET, phone, "", "", ""); !res.GetOk() || res.GetClosedSessionId() != "" {
		t.Fatalf("reset = %+v, want ok closing nothing", res)
	}
	if _, err := persistence.NewSessions(h.table).Active(t.Context(), phone); errors.Is(err, persistence.ErrNoSessions) || !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("active session after the reset: %v; want the reset pointer", err)
	}
}
