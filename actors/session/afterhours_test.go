package session_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/businesshours"
)

// A handoff at 23:00 on a weekday with BUSINESS_HOURS=mon-fri 08:00-18:00:
// the customer hears in the handoff's reply that a person answers tomorrow
// at 08:00, and the operators' notice waits for 08:00. The actors' clock is
// virtual (the harness's shift); the node restarts just before the opening,
// so the deferred notice is read from the snapshot, not from memory.
func TestHandoffAfterHoursNotifiesOperatorsAtTheOpening(t *testing.T) {
	zone, _ := time.LoadLocation("America/Sao_Paulo")
	hours, err := businesshours.Parse("mon-fri 08:00-18:00", zone)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, session.Config{Hours: businesshours.NewLive(businesshours.Schedule{Hours: hours}), RenotifyAfter: time.Hour, MaxRenotifications: 1}, personAnswers)
	tuesday23 := time.Date(2026, 11, 24, 23, 0, 0, 0, zone)
	opening := time.Date(2026, 11, 25, 8, 0, 0, 0, zone)
	h.shift.Store(int64(time.Until(tuesday23)))

	reply := h.chat("+5511900000060", "h1", "quero falar com uma pessoa")
	if !strings.Contains(reply.GetReply(), "amanhã às 08:00") {
		t.Errorf("the handoff's reply %q does not say when a person answers", reply.GetReply())
	}
	time.Sleep(300 * time.Millisecond)
	if n := len(h.notices.Notices()); n != 0 {
		t.Fatalf("operators were told %d times at 23:00, want none before the opening", n)
	}

	h.stop()
	h.shift.Store(int64(time.Until(opening.Add(-500 * time.Millisecond))))
	h.start()
	if _, err := h.sup.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	notices := h.waitNotices(1)
	if at := h.now(); at.Before(opening) {
		t.Errorf("operators were told at %v, before the opening %v", at, opening)
	}
	if notices[0].Renotify {
		t.Errorf("the notice at the opening is a reminder: %+v", notices[0])
	}
}
