package session_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// Every command a person gives commits its audit entry with it: who, what,
// on which conversation, from where; a refused command leaves no entry.
func TestOperatorCommandsCommitTheirAuditEntries(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	phone, op, other := "+5511900000070", "+5511900000971", "+5511900000972"
	id := handedOff(t, h, phone)
	run := func(cmd *sessionpb.OperatorCommand) *sessionpb.OperatorResult {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		cmd.PhoneNumber, cmd.SessionId = phone, id
		res, err := h.sup.Operate(ctx, cmd)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	const from = "203.0.113.9"
	A := sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM
	for _, cmd := range []*sessionpb.OperatorCommand{
		{OperatorPhone: op, Action: A, Source: from},
		{OperatorPhone: op, Action: sessionpb.OperatorAction_OPERATOR_ACTION_SEND, Text: "Olá!", Source: from},
		{OperatorPhone: op, Action: sessionpb.OperatorAction_OPERATOR_ACTION_LABEL, Label: "vip", Source: from},
		{OperatorPhone: op, Action: sessionpb.OperatorAction_OPERATOR_ACTION_TRANSFER, ToOperator: other, Source: from},
		{OperatorPhone: other, Action: sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE, Source: "198.51.100.1"},
	} {
		if res := run(cmd); !res.GetOk() {
			t.Fatalf("%s: %+v", cmd.GetAction(), res)
		}
	}
	if res := run(&sessionpb.OperatorCommand{OperatorPhone: op, Action: sessionpb.OperatorAction_OPERATOR_ACTION_SEND, Text: "x"}); res.GetOk() {
		t.Fatalf("a send by who does not hold the conversation was applied: %+v", res)
	}

	now := h.now()
	got, _, err := persistence.NewAudits(h.table).List(context.Background(), persistence.AuditFilter{From: now.Add(-time.Hour), To: now.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for i := len(got) - 1; i >= 0; i-- { // oldest first
		e := got[i]
		if e.Phone != phone || e.SessionID != id {
			t.Errorf("entry %+v is not of the conversation", e)
		}
		lines = append(lines, strings.Join([]string{e.Who, string(e.Action), e.Target, e.Source}, " "))
	}
	want := []string{
		op + " claim  " + from,
		op + " send  " + from,
		op + " label +vip " + from,
		op + " transfer " + other + " " + from,
		other + " release  198.51.100.1",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit =\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// A claim of a conversation the bot holds is recorded as a takeover.
func TestATakeoverIsAuditedAsSuch(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: 50 * time.Millisecond, DebounceMaxWait: time.Second}, takeoverAnswers)
	phone, operator := "+5511900000071", "+5511900000973"
	first := h.chat(phone, "t1", "Oi")
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, first.GetSessionId(), operator, ""); !res.GetOk() {
		t.Fatalf("claim: %+v", res)
	}
	now := h.now()
	got, _, err := persistence.NewAudits(h.table).List(context.Background(), persistence.AuditFilter{From: now.Add(-time.Hour), To: now.Add(time.Hour)})
	if err != nil || len(got) != 1 || got[0].Action != persistence.AuditTakeover || got[0].Who != operator {
		t.Fatalf("audit = %+v, %v; want one takeover by the operator", got, err)
	}
}
