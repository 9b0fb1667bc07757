package session_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// closedByOperator hands a conversation off, has operator claim and close
// it, and waits for the messages the close sends (want of them after the
// handoff reply).
func closedByOperator(t *testing.T, h *harness, phone, operator string, want int) (string, []string) {
	t.Helper()
	id := handedOff(t, h, phone)
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, "")
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE, phone, id, operator, ""); !res.GetOk() {
		t.Fatalf("close: %+v", res)
	}
	sends := h.waitSends(1 + want)
	var texts []string
	for _, s := range sends[1:] {
		texts = append(texts, s.Text)
	}
	return id, texts
}

// stored reads a session as the table holds it.
func (h *harness) stored(phone, id string) domain.Session {
	h.t.Helper()
	s, err := persistence.NewSessions(h.table).Get(context.Background(), phone, id)
	if err != nil {
		h.t.Fatal(err)
	}
	return s
}

// With CSAT_ENABLED, an operator's close sends the farewell and then the
// 1–5 question as a choice; a tap on the fifth ("Excelente") is stored on the closed session
// with its time, thanked, and starts no new session nor any model call.
func TestCloseAsksSatisfactionAndStoresTheTap(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	h.csat, h.business = true, conversation.NewBusiness()
	h.stop()
	h.start()
	phone, operator := "+5511900000080", "+5511900000990"
	id, _ := closedByOperator(t, h, phone, operator, 2)
	sends := h.sender.Sends()
	if sends[1].Text != conversation.DefaultFarewell {
		t.Errorf("first after the close: %q, want the farewell", sends[1].Text)
	}
	if q := sends[2]; q.Text != conversation.DefaultCSATQuestion || !slices.Equal(q.Options, conversation.CSATOptions) {
		t.Errorf("second after the close: %+v, want the question with the five scores", q)
	}
	calls := len(h.model.Calls())

	h.deliver(phone, "csat-1", "Excelente") // the tap on the fifth option
	sends = h.waitSends(4)
	if sends[3].Text != conversation.DefaultCSATThanks {
		t.Errorf("after the tap: %q, want the thanks", sends[3].Text)
	}
	s := h.stored(phone, id)
	if s.CSATScore != 5 || s.CSATAnsweredAt == nil || s.State != domain.StateClosed || s.ClosedBy != domain.NullString(operator) {
		t.Errorf("closed session after the tap: score %d answered %v state %s closed_by %q", s.CSATScore, s.CSATAnsweredAt, s.State, s.ClosedBy)
	}
	if active, _ := persistence.NewSessions(h.table).Active(context.Background(), phone); active.SessionID != id {
		t.Errorf("the tap started session %s, want it kept on %s", active.SessionID, id)
	}
	if got := len(h.model.Calls()); got != calls {
		t.Errorf("the tap made %d model calls", got-calls)
	}
}

// The comment after the score is a note for the operators, not a turn for
// the bot; what the customer writes after that starts a new session.
func TestCommentAfterTheScoreIsANote(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	h.csat, h.business = true, conversation.NewBusiness()
	h.stop()
	h.start()
	phone, operator := "+5511900000081", "+5511900000991"
	id, _ := closedByOperator(t, h, phone, operator, 2)
	h.deliver(phone, "csat-1", "4")
	h.waitSends(4)
	h.deliver(phone, "csat-2", "Gostei, mas demorou um pouco.")
	deadline := time.Now().Add(5 * time.Second)
	var notes []persistence.Note
	for len(notes) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		notes, _ = persistence.NewNotes(h.table).List(context.Background(), phone, id)
	}
	if len(notes) != 1 || notes[0].Text != "Gostei, mas demorou um pouco." || !notes[0].Customer {
		t.Fatalf("notes of the closed conversation: %+v", notes)
	}
	if sends := h.sender.Sends(); len(sends) != 4 {
		t.Errorf("the comment was answered: %+v", sends[4:])
	}
	if s := h.stored(phone, id); s.CSATCommentAt == nil || s.CSATScore != 4 {
		t.Errorf("closed session after the comment: %+v", s)
	}

	if reply := h.chat(phone, "after", "quero falar com uma pessoa"); reply.GetSessionId() == id {
		t.Errorf("a message after the comment stayed on the closed session")
	}
}

// Without CSAT_ENABLED the close sends the farewell only, and a "5"
// afterwards is an ordinary first message of a new session.
func TestNoQuestionWithoutCSAT(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	phone, operator := "+5511900000082", "+5511900000992"
	h.business = conversation.NewBusiness()
	h.stop()
	h.start()
	id, _ := closedByOperator(t, h, phone, operator, 1)
	if reply := h.chat(phone, "after", "5"); reply.GetSessionId() == id {
		t.Errorf("a 5 without a question stayed on the closed session")
	}
}

// The question goes out once across a restart between the close's commit
// and its send: the process stops while the platform call is under way and
// fails, so the outbox still holds the question; the next activation sends
// it, once.
func TestTheQuestionIsSentOnceAcrossARestart(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	platform := &stoppingPlatform{Stub: h.sender, entered: make(chan struct{}), release: make(chan struct{})}
	h.csat, h.business, h.send = true, conversation.NewBusiness(), platform
	h.stop()
	h.start()
	phone, operator := "+5511900000083", "+5511900000993"
	id := handedOff(t, h, phone)
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, "")
	h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE, phone, id, operator, "")
	<-platform.entered
	stopped := make(chan struct{})
	go func() { h.stop(); close(stopped) }()
	time.Sleep(50 * time.Millisecond) // the stop closes the replies first: no retry follows
	close(platform.release)
	<-stopped
	if n := countText(h.sender.Sends(), conversation.DefaultCSATQuestion); n != 0 {
		t.Fatalf("the question reached the platform before the stop (%d)", n)
	}

	h.send = h.sender
	h.start()
	if _, err := h.sup.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.waitSends(3)
	time.Sleep(300 * time.Millisecond)
	if n := countText(h.sender.Sends(), conversation.DefaultCSATQuestion); n != 1 {
		t.Errorf("the question reached the platform %d times, want once", n)
	}
}

// stoppingPlatform is a platform whose first interactive call waits for
// release and then fails as a stopping process's does.
type stoppingPlatform struct {
	*messaging.Stub
	once             sync.Once
	entered, release chan struct{}
}

func (p *stoppingPlatform) SendOptions(ctx context.Context, to, text string, options []string) (domain.AdapterResult, error) {
	first := false
	p.once.Do(func() { first = true })
	if !first {
		return p.Stub.SendOptions(ctx, to, text, options)
	}
	close(p.entered)
	<-p.release
	return domain.AdapterResult{ErrorKind: domain.ErrorKindTransient, Detail: "process stopped"}, nil
}

func countText(sends []messaging.StubSend, text string) int {
	n := 0
	for _, s := range sends {
		if s.Text == text {
			n++
		}
	}
	return n
}

// With REOPEN_WINDOW=2h, a customer who writes 10 minutes after an
// operator's close is back in the same conversation with the same operator:
// HUMAN, assigned to them, told like a transfer, and no bot reply. Three
// hours after the close, the same message starts a new session.
func TestReopenWindow(t *testing.T) {
	for _, tc := range []struct {
		name   string
		after  time.Duration
		reopen bool
	}{
		{"10 minutes after the close", 10 * time.Minute, true},
		{"3 hours after the close", 3 * time.Hour, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, session.Config{}, personAnswers)
			h.reopen, h.business = 2*time.Hour, conversation.NewBusiness()
			h.stop()
			h.start()
			phone, operator := "+5511900000084", "+5511900000994"
			id, _ := closedByOperator(t, h, phone, operator, 1)
			calls := len(h.model.Calls())
			h.shift.Store(int64(tc.after))

			reply := h.chat(phone, "back", "segue o CNPJ 12.345.678/0001-95")
			if !tc.reopen {
				if reply.GetSessionId() == id {
					t.Errorf("after the window the message stayed on the closed session")
				}
				return
			}
			s := h.stored(phone, id)
			if reply.GetSessionId() != id || s.State != domain.StateHuman || s.AssignedTo != domain.NullString(operator) || s.ClosedAt != nil {
				t.Errorf("reopened: reply in %s, session %s assigned to %q closed_at %v", reply.GetSessionId(), s.State, s.AssignedTo, s.ClosedAt)
			}
			if reply.GetReply() != "" || len(h.model.Calls()) != calls {
				t.Errorf("the bot answered the reopened conversation: %q", reply.GetReply())
			}
			deadline := time.Now().Add(5 * time.Second)
			for !slices.ContainsFunc(h.notices.Notices(), func(n handoff.Notice) bool { return n.Reopened }) {
				if time.Now().After(deadline) {
					t.Fatalf("the operator was not told: %+v", h.notices.Notices())
				}
				time.Sleep(10 * time.Millisecond)
			}
			for _, n := range h.notices.Notices() {
				if n.Reopened && n.Session.AssignedTo != domain.NullString(operator) {
					t.Errorf("reopen notice for %q", n.Session.AssignedTo)
				}
			}
			if sends := h.sender.Sends(); len(sends) != 2 {
				t.Errorf("the customer got %d messages after the reopen", len(sends)-2)
			}
		})
	}
}

// A score is a satisfaction answer even inside the reopen window: the
// customer answers the question just asked, and the conversation stays
// closed.
func TestScoreInsideTheReopenWindowRates(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	h.csat, h.reopen, h.business = true, 2*time.Hour, conversation.NewBusiness()
	h.stop()
	h.start()
	phone, operator := "+5511900000085", "+5511900000995"
	id, _ := closedByOperator(t, h, phone, operator, 2)
	h.deliver(phone, "csat", "5")
	h.waitSends(4)
	if s := h.stored(phone, id); s.State != domain.StateClosed || s.CSATScore != 5 {
		t.Errorf("after a score inside the window: %s, score %d", s.State, s.CSATScore)
	}
}

// A score reaches the closed session also through a new activation (the
// node restarted, or the conversation idled out): the load reads the
// phone's active session, the closed one, as ever.
func TestScoreAfterARestartRates(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	h.csat, h.business = true, conversation.NewBusiness()
	h.stop()
	h.start()
	phone, operator := "+5511900000086", "+5511900000996"
	id, _ := closedByOperator(t, h, phone, operator, 2)
	h.stop()
	h.start()
	h.deliver(phone, "csat", "3")
	h.waitSends(4)
	if s := h.stored(phone, id); s.State != domain.StateClosed || s.CSATScore != 3 {
		t.Errorf("after a restart and a score: %s, score %d", s.State, s.CSATScore)
	}
}
