package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A conversation's session records, as it goes, the moments the reports
// count: qualified, data complete, the customer's last message, the first
// reply of the operator who took it, and what the model cost. Each is set
// once: a later message moves only the customer's last one.
func TestSessionRecordsTheMomentsTheReportsCount(t *testing.T) {
	h := newHarness(t, session.Config{}, registrationAnswers)
	phone, operator := "+5511900000070", "+5511900000997"
	id := registered(t, h, phone)
	ctx := context.Background()
	stored := func() domain.Session {
		t.Helper()
		s, err := persistence.NewSessions(h.table).Active(ctx, phone)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	m := stored().Milestones
	if m.QualifiedAt == nil || m.DataCompleteAt == nil || m.LastCustomerAt == nil {
		t.Fatalf("after registration the milestones are %+v, want qualified, data complete and the last customer message", m)
	}
	if m.FirstOperatorReplyAt != nil {
		t.Errorf("no operator wrote yet, but first_operator_reply_at = %v", m.FirstOperatorReplyAt)
	}
	if want := loggedUsage(h.messages(phone)); len(m.Usage) != 1 || m.Usage[0] != want {
		t.Errorf("usage = %+v, want the model calls of the log, %+v", m.Usage, want)
	}
	completed := *m.DataCompleteAt

	for i, text := range []string{"Olá, sou a Ana.", "Já vejo o seu cadastro."} {
		action := sessionpb.OperatorAction_OPERATOR_ACTION_SEND
		if i == 0 {
			if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, operator, ""); !res.GetOk() {
				t.Fatalf("claim: %+v", res)
			}
		}
		if res := h.operate(action, phone, id, operator, text); !res.GetOk() {
			t.Fatalf("send %q: %+v", text, res)
		}
	}
	h.deliver(phone, "r3", "obrigada")
	s := stored()
	waitFor(t, func() bool { s = stored(); return s.Milestones.LastCustomerAt.After(*m.LastCustomerAt) })

	got := s.Milestones
	if got.FirstOperatorReplyAt == nil || got.FirstOperatorReplyAt.Before(*s.HandoffAt) {
		t.Errorf("first_operator_reply_at = %v, want the operator's first message after handoff at %v", got.FirstOperatorReplyAt, s.HandoffAt)
	}
	if !got.DataCompleteAt.Equal(completed) || !got.QualifiedAt.Equal(*m.QualifiedAt) {
		t.Errorf("milestones moved: %+v, want qualified and data complete kept from %+v", got, m)
	}
	if got.Usage[0] != m.Usage[0] {
		t.Errorf("usage = %+v: operator and customer messages in a person's hands cost no model call", got.Usage)
	}
}

// loggedUsage sums the model calls a conversation's log records.
func loggedUsage(log []domain.Message) domain.ModelUsage {
	var u domain.ModelUsage
	for _, m := range log {
		if m.LLMModel != "" {
			u.Model = m.LLMModel
			u.Calls++
			u.TokensInput += int64(m.TokensInput)
			u.TokensOutput += int64(m.TokensOutput)
		}
	}
	return u
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met within 5s")
}
