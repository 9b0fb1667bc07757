package handoff_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// With notifications off the handoff is queued and nobody is told: the
// result must say exactly that (success, notified=false, position 1).
func TestStubQueuesWithoutNotifying(t *testing.T) {
	stub := handoff.NewStub(nil)
	n := handoff.Notice{Session: waitingSession("sess-1", "+5511999990000", t0), QueuePosition: 1, At: t0}
	res, err := stub.Notify(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Success || res.Notified || res.OperatorPhone != "" || res.QueuePosition != 1 || res.ErrorKind != "" {
		t.Errorf("stub result = %+v, want success, not notified, no operator, position 1", res)
	}
	if !strings.HasPrefix(string(res.MockID), "stub-") {
		t.Errorf("mock_id = %q, want a stub- ID", res.MockID)
	}
	if got := stub.Notices(); len(got) != 1 || got[0].Session.SessionID != "sess-1" {
		t.Errorf("recorded notices = %+v", got)
	}
}

func TestMessagingNotifierTellsEveryOperator(t *testing.T) {
	p := newPlatform(t, nil)
	notifier, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{
		Operators:  []string{"+55 11 4000-0001", "+5511400000002"},
		ConsoleURL: "https://intake.example/atendimento",
	}, p.client(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	n := handoff.Notice{Session: waitingSession("sess-1", "+5511999990000", t0), QueuePosition: 1, At: t0}
	res, err := notifier.Notify(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Success || !res.Notified || res.OperatorPhone != "+551140000001" || res.MockID != "wamid.OPI" || res.QueuePosition != 1 {
		t.Errorf("result = %+v, want notified by the first operator's message", res)
	}
	sends := p.sends()
	if len(sends) != 2 || sends[0].To != "551140000001" || sends[1].To != "5511400000002" {
		t.Fatalf("platform received %+v, want one text per operator, in order", sends)
	}
	for _, want := range []string{"Maria Silva (+5511999990000)", "Pesquisa de mercado", "o cliente pediu uma pessoa",
		"300 clientes", "Posição na fila: 1", "https://intake.example/atendimento"} {
		if !strings.Contains(sends[0].Body, want) {
			t.Errorf("operator text lacks %q:\n%s", want, sends[0].Body)
		}
	}
}

// One operator refused (outside their 24-hour window), one told: notified,
// and operator_phone is the one who really got it.
func TestMessagingNotifierReportsTheOperatorActuallyTold(t *testing.T) {
	p := newPlatform(t, map[string]int{"551140000001": 400})
	notifier, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{Operators: []string{"+551140000001", "+551140000002"}}, p.client(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := notifier.Notify(context.Background(), handoff.Notice{Session: waitingSession("s", "+5511999990000", t0), QueuePosition: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Success || !res.Notified || res.OperatorPhone != "+551140000002" || res.QueuePosition != 3 {
		t.Errorf("result = %+v, want notified by the second operator", res)
	}
	if !strings.Contains(res.Detail, "1 of 2") {
		t.Errorf("detail = %q, want it to count the operators told", res.Detail)
	}
}

func TestMessagingNotifierNeverClaimsAFailedNotice(t *testing.T) {
	tests := []struct {
		name string
		fail map[string]int
		kind domain.ErrorKind
	}{
		{"all refused", map[string]int{"551140000001": 400, "551140000002": 400}, domain.ErrorKindPermanent},
		{"one unavailable", map[string]int{"551140000001": 400, "551140000002": 503}, domain.ErrorKindTransient},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPlatform(t, tc.fail)
			notifier, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{Operators: []string{"+551140000001", "+551140000002"}}, p.client(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := notifier.Notify(context.Background(), handoff.Notice{Session: waitingSession("s", "+5511999990000", t0), QueuePosition: 1})
			if err != nil {
				t.Fatal(err)
			}
			if res.Success || res.Notified || res.OperatorPhone != "" || res.ErrorKind != tc.kind || res.QueuePosition != 1 {
				t.Errorf("result = %+v, want a %s failure that notified nobody", res, tc.kind)
			}
		})
	}
}

func TestMessagingNotifierWithoutOperatorsQueues(t *testing.T) {
	stub := messaging.NewStub(nil)
	notifier, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{}, stub, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := notifier.Notify(context.Background(), handoff.Notice{Session: waitingSession("s", "+5511999990000", t0), QueuePosition: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Success || res.Notified || res.QueuePosition != 1 || len(stub.Sends()) != 0 {
		t.Errorf("result = %+v with %d sends, want queued and nobody told", res, len(stub.Sends()))
	}
}

func TestMessagingNotifierStopsWithItsContext(t *testing.T) {
	stub := messaging.NewStub(nil)
	notifier, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{Operators: []string{"+551140000001"}}, stub, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := notifier.Notify(ctx, handoff.Notice{Session: waitingSession("s", "+5511999990000", t0), QueuePosition: 1})
	if !errors.Is(err, context.Canceled) || res.Notified || res.Success {
		t.Errorf("Notify with an ended context = %+v, %v", res, err)
	}
}

func TestMessagingNotifierRejectsAnOperatorWithoutDigits(t *testing.T) {
	_, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{Operators: []string{"ops-team"}}, messaging.NewStub(nil), nil)
	if !errors.Is(err, messaging.ErrNoDigits) {
		t.Errorf("NewMessagingNotifier = %v, want ErrNoDigits", err)
	}
}

// fixed is a notifier with a canned result.
type fixed domain.HandoffNotifyResult

func (f fixed) Notify(_ context.Context, n handoff.Notice) (domain.HandoffNotifyResult, error) {
	r := domain.HandoffNotifyResult(f)
	r.QueuePosition = n.QueuePosition
	return r, nil
}

func TestAllMergesResults(t *testing.T) {
	emailed := fixed(handoff.Delivered(0, "ses-1", "", "e-mailed"))
	texted := fixed(handoff.Delivered(0, "wamid.1", "+551140000001", "texted"))
	refused := fixed(handoff.Failed(0, domain.ErrorKindPermanent, "refused"))
	busy := fixed(handoff.Failed(0, domain.ErrorKindTransient, "busy"))
	quiet := fixed(handoff.Queued(0, "", "queued"))
	tests := []struct {
		name      string
		notifiers []handoff.Notifier
		success   bool
		notified  bool
		operator  domain.NullString
		kind      domain.ErrorKind
	}{
		{"e-mail and text", []handoff.Notifier{emailed, texted}, true, true, "+551140000001", ""},
		{"text failed, e-mail sent", []handoff.Notifier{refused, emailed}, true, true, "", ""},
		{"queued only", []handoff.Notifier{quiet, refused}, true, false, "", ""},
		{"all failed", []handoff.Notifier{refused, busy}, false, false, "", domain.ErrorKindTransient},
		{"none", nil, true, false, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := handoff.All(tc.notifiers...).Notify(context.Background(), handoff.Notice{QueuePosition: 2})
			if err != nil {
				t.Fatal(err)
			}
			if res.Success != tc.success || res.Notified != tc.notified || res.OperatorPhone != tc.operator ||
				res.ErrorKind != tc.kind || res.QueuePosition != 2 {
				t.Errorf("merged = %+v", res)
			}
		})
	}
}
