package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// waitNotices waits until operators were told n times.
func (h *harness) waitNotices(n int) []handoff.Notice {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if notices := h.notices.Notices(); len(notices) >= n {
			return notices
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("waited for %d handoff notices, got %d", n, len(h.notices.Notices()))
	return nil
}

func TestHandoffTellsOperatorsThenRenotifiesUpToTheLimit(t *testing.T) {
	h := newHarness(t, session.Config{RenotifyAfter: 150 * time.Millisecond, MaxRenotifications: 2}, personAnswers)
	phone := "+5511900000050"
	handedOff(t, h, phone)

	notices := h.waitNotices(3)
	if notices[0].Renotify || !notices[1].Renotify || !notices[2].Renotify || notices[0].QueuePosition != 1 {
		t.Errorf("notices = %+v, want a first notice at position 1, then two reminders", notices)
	}
	time.Sleep(400 * time.Millisecond) // a third reminder would be past the limit
	if n := len(h.notices.Notices()); n != 3 {
		t.Errorf("operators were told %d times, want 1 + MaxRenotifications = 3", n)
	}
	s, err := persistence.NewSessions(h.table).Active(context.Background(), phone)
	if err != nil || s.HandoffRenotificationCount != 2 || s.HandoffRenotifiedAt == nil || s.HandoffCustomerRenotifiedAt == nil {
		t.Errorf("session after renotifications: %+v (%v)", s, err)
	}
	stillWaiting := 0
	for _, send := range h.sender.Sends() {
		if contains(send.Text, "fila") {
			stillWaiting++
		}
	}
	if stillWaiting != 2 {
		t.Errorf("the customer heard they are still in line %d times, want 2", stillWaiting)
	}
}

func TestRenotificationSurvivesARestart(t *testing.T) {
	h := newHarness(t, session.Config{RenotifyAfter: 300 * time.Millisecond, MaxRenotifications: 1}, personAnswers)
	phone := "+5511900000051"
	handedOff(t, h, phone)
	h.waitNotices(1)
	h.stop() // the node dies before the reminder is due

	h.start()
	if _, err := h.sup.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	notices := h.waitNotices(2)
	if !notices[1].Renotify {
		t.Errorf("after the restart: %+v, want the reminder", notices)
	}
}

func TestClaimedConversationIsNotRenotified(t *testing.T) {
	h := newHarness(t, session.Config{RenotifyAfter: 200 * time.Millisecond, MaxRenotifications: 3}, personAnswers)
	phone := "+5511900000052"
	id := handedOff(t, h, phone)
	h.waitNotices(1)
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, "+5511900000996", "")
	time.Sleep(500 * time.Millisecond)
	if n := len(h.notices.Notices()); n != 1 {
		t.Errorf("operators were told %d times after the claim, want only the first notice", n)
	}
}
