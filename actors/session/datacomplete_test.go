package session_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// registered chats a service and complete registration data, leaving the
// conversation COMPLETED with DATA_COMPLETE, and returns its session ID.
func registered(t *testing.T, h *harness, phone string) string {
	t.Helper()
	h.chat(phone, "r1", "quero uma pesquisa")
	reply := h.chat(phone, "r2", "Maria Silva, maria@example.com, 529.982.247-25")
	if reply.GetState() != string(domain.StateCompleted) {
		t.Fatalf("after a valid s=2 the state is %q, want COMPLETED", reply.GetState())
	}
	return reply.GetSessionId()
}

// Registration complete hands the conversation over like any handoff: it
// waits in the queue with its place, operators are told its position and
// reminded, and an operator may claim it.
func TestDataCompleteQueuesRenotifiesAndIsClaimable(t *testing.T) {
	h := newHarness(t, session.Config{RenotifyAfter: 150 * time.Millisecond, MaxRenotifications: 1}, registrationAnswers)
	phone := "+5511900000060"
	id := registered(t, h, phone)

	notices := h.waitNotices(2)
	if notices[0].Renotify || notices[0].QueuePosition != 1 || !notices[1].Renotify {
		t.Errorf("notices = %+v, want a first notice at position 1, then a reminder", notices)
	}
	ctx := context.Background()
	s, err := persistence.NewSessions(h.table).Active(ctx, phone)
	if err != nil || s.HandoffAt == nil || s.HandoffReason != domain.HandoffDataComplete || s.HandoffRenotificationCount != 1 {
		t.Fatalf("stored session: %+v (%v), want handoff_at set, DATA_COMPLETE, one renotification", s, err)
	}
	queued, err := persistence.NewHandoffQueue(h.table).List(ctx)
	if err != nil || len(queued) != 1 || queued[0].SessionID != id {
		t.Errorf("handoff queue = %+v (%v), want the registered session", queued, err)
	}

	res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, "+5511900000998", "")
	if !res.GetOk() || res.GetState() != string(domain.StateHuman) {
		t.Errorf("claim of a registered conversation = %+v, want ok in HUMAN", res)
	}
}

// A notice that fails is not only logged: the reminder timer tells the
// operators again, as for every other handoff.
func TestFailedDataCompleteNoticeIsRetriedByTheReminder(t *testing.T) {
	h := newHarness(t, session.Config{RenotifyAfter: 150 * time.Millisecond, MaxRenotifications: 2}, registrationAnswers)
	h.stop()
	failing := &failFirst{Stub: h.notices}
	h.notifier = failing
	h.start()
	registered(t, h, "+5511900000061")
	notices := h.waitNotices(2)
	if !notices[1].Renotify || notices[1].QueuePosition != 1 {
		t.Errorf("notices = %+v, want the failed first notice followed by a reminder at position 1", notices)
	}
}

// failFirst records every notice in its stub but fails the first one, as a
// mail server that is down would.
type failFirst struct {
	*handoff.Stub
	calls atomic.Int32
}

func (f *failFirst) Notify(ctx context.Context, n handoff.Notice) (domain.HandoffNotifyResult, error) {
	res, err := f.Stub.Notify(ctx, n)
	if f.calls.Add(1) == 1 {
		return handoff.Failed(n.QueuePosition, domain.ErrorKindTransient, "mail server down"), nil
	}
	return res, err
}
