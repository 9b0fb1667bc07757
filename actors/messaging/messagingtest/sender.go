package messagingtest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// Senders makes the messaging.Sender under test, for RunSender.
type Senders struct {
	// New returns a Sender whose platform accepts every call.
	New func(t *testing.T) messaging.Sender
	// Failing returns a Sender whose platform fails every call with a
	// failure of kind, or nil when it cannot fail that way. Nil for a Sender
	// with no platform behind it (the stub).
	Failing func(t *testing.T, kind domain.ErrorKind) messaging.Sender
}

// RunSender is the contract suite of messaging.Sender, run in one line by
// every implementation's tests (the platform client against a fake platform,
// the stub, and the fakes other tests use), so what the messaging worker
// relies on is stated once: every outcome is in the AdapterResult; the error
// is non-nil only for the caller's own fault (invalid arguments, a permanent
// result) or its ended context (a transient or uncertain result); a failure
// always carries the kind that tells whether a retry may help; the Sender
// is safe for concurrent use; and a Sender of templates or of options
// (messaging.OptionsSender) keeps the same promises for them.
func RunSender(t *testing.T, s Senders) {
	t.Run("Accepted", func(t *testing.T) { accepted(t, s.New(t)) })
	t.Run("InvalidArguments", func(t *testing.T) { invalidArguments(t, s.New(t)) })
	t.Run("ContextEnded", func(t *testing.T) { contextEnded(t, s.New(t)) })
	t.Run("PlatformFailures", func(t *testing.T) { platformFailures(t, s) })
	t.Run("ConcurrentUse", func(t *testing.T) { concurrentUse(t, s.New(t)) })
	t.Run("Templates", func(t *testing.T) { templates(t, s.New(t)) })
	t.Run("Interactive", func(t *testing.T) { interactive(t, s) })
}

// Recipient is a customer phone as people type it: a Sender uses only its
// digits.
const Recipient = "+55 (11) 98888-7777"

// call is one Sender call of the suite, by name.
type call struct {
	name string
	do   func(context.Context, messaging.Sender) (domain.AdapterResult, error)
}

func send(to, text string) call {
	return call{fmt.Sprintf("Send(%.20q, %d runes)", to, len([]rune(text))),
		func(ctx context.Context, s messaging.Sender) (domain.AdapterResult, error) {
			return s.Send(ctx, to, text)
		}}
}

func markRead(id string) call {
	return call{fmt.Sprintf("MarkRead(%q)", id),
		func(ctx context.Context, s messaging.Sender) (domain.AdapterResult, error) {
			return s.MarkRead(ctx, id)
		}}
}

// accepted: a platform that accepts answers success, no error kind, and for
// a Send the platform's message ID; a text of exactly the limit is sent.
func accepted(t *testing.T, s messaging.Sender) {
	for _, c := range []call{
		send(Recipient, "Olá! Como posso ajudar?"),
		send("5511988887777", strings.Repeat("é", messaging.MaxTextRunes)),
		markRead("wamid.IN1"),
	} {
		res, err := c.do(context.Background(), s)
		if err != nil || !res.Success || res.ErrorKind != "" {
			t.Errorf("%s = %+v, %v; want success without an error kind", c.name, res, err)
		}
		if strings.HasPrefix(c.name, "Send") && res.MockID == "" {
			t.Errorf("%s = %+v, want the platform's message ID as mock_id", c.name, res)
		}
	}
}

// invalidArguments: what no platform call can accept fails before any call,
// as the caller's fault: this package's error and a permanent result, so the
// worker never retries it.
func invalidArguments(t *testing.T, s messaging.Sender) {
	tests := []struct {
		call call
		want error
	}{
		{send("", "oi"), messaging.ErrInvalidRecipient},
		{send("sem número", "oi"), messaging.ErrInvalidRecipient},
		{send(strings.Repeat("9", messaging.MaxPhoneDigits+1), "oi"), messaging.ErrInvalidRecipient},
		{send(Recipient, ""), messaging.ErrEmptyText},
		{send(Recipient, " \n\t "), messaging.ErrEmptyText},
		{send(Recipient, strings.Repeat("a", messaging.MaxTextRunes+1)), messaging.ErrTextTooLong},
		{markRead(""), messaging.ErrEmptyMessageID},
		{markRead("  "), messaging.ErrEmptyMessageID},
	}
	for _, tt := range tests {
		res, err := tt.call.do(context.Background(), s)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s error = %v, want %v", tt.call.name, err, tt.want)
		}
		if res.Success || res.ErrorKind != domain.ErrorKindPermanent || res.Detail == "" {
			t.Errorf("%s = %+v, want a permanent failure with a detail", tt.call.name, res)
		}
	}
}

// contextEnded: a call whose context ended returns that context's error,
// and a result that says the message was not (or may not have been) sent.
func contextEnded(t *testing.T, s messaging.Sender) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	for _, ctx := range []struct {
		name string
		ctx  context.Context
		want error
	}{{"cancelled", cancelled, context.Canceled}, {"past its deadline", expired, context.DeadlineExceeded}} {
		for _, c := range []call{send(Recipient, "oi"), markRead("wamid.IN1")} {
			res, err := c.do(ctx.ctx, s)
			if !errors.Is(err, ctx.want) {
				t.Errorf("%s with a ctx %s: error = %v, want %v", c.name, ctx.name, err, ctx.want)
			}
			if res.Success || !slices.Contains([]domain.ErrorKind{domain.ErrorKindTransient, domain.ErrorKindUncertain}, res.ErrorKind) {
				t.Errorf("%s with a ctx %s = %+v, want a transient or uncertain failure", c.name, ctx.name, res)
			}
		}
	}
}

// platformFailures: a platform that fails is no error of the caller's: the
// error is nil and the result carries the failure's kind and a detail.
func platformFailures(t *testing.T, s Senders) {
	if s.Failing == nil {
		t.Skip("the Sender has no platform that fails")
	}
	kinds := []domain.ErrorKind{domain.ErrorKindTransient, domain.ErrorKindPermanent, domain.ErrorKindUncertain}
	tested := 0
	for _, kind := range kinds {
		sender := s.Failing(t, kind)
		if sender == nil {
			continue
		}
		tested++
		for _, c := range []call{send(Recipient, "oi"), markRead("wamid.IN1")} {
			res, err := c.do(context.Background(), sender)
			if err != nil {
				t.Errorf("%s on a platform failing %s: error = %v, want nil", c.name, kind, err)
			}
			if res.Success || res.ErrorKind != kind || res.Detail == "" {
				t.Errorf("%s on a platform failing %s = %+v, want that kind with a detail", c.name, kind, res)
			}
		}
	}
	if tested == 0 {
		t.Fatal("Failing made no failing Sender: leave it nil instead")
	}
}

// concurrentUse: one Sender serves every conversation at once (run it with
// -race).
func concurrentUse(t *testing.T, s messaging.Sender) {
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			c := send(Recipient, fmt.Sprintf("mensagem %d", i))
			if i%2 == 1 {
				c = markRead(fmt.Sprintf("wamid.IN%d", i))
			}
			if res, err := c.do(context.Background(), s); err != nil || !res.Success {
				t.Errorf("concurrent %s = %+v, %v", c.name, res, err)
			}
		})
	}
	wg.Wait()
}

// templates: a Sender that sends templates refuses one without a name or a
// language as the caller's fault, and sends a complete one.
func templates(t *testing.T, s messaging.Sender) {
	ts, ok := s.(messaging.TemplateSender)
	if !ok {
		t.Skip("the Sender sends no templates")
	}
	for _, tpl := range []domain.TemplateSend{{Language: "pt_BR"}, {Name: "retomada"}} {
		res, err := ts.SendTemplate(context.Background(), Recipient, tpl)
		if !errors.Is(err, messaging.ErrNoTemplate) || res.Success || res.ErrorKind != domain.ErrorKindPermanent {
			t.Errorf("SendTemplate(%+v) = %+v, %v; want a permanent ErrNoTemplate", tpl, res, err)
		}
	}
	tpl := domain.TemplateSend{Name: "retomada", Language: "pt_BR", Params: []string{"Ana"}}
	if res, err := ts.SendTemplate(context.Background(), Recipient, tpl); err != nil || !res.Success || res.MockID == "" {
		t.Errorf("SendTemplate(%+v) = %+v, %v; want success with the platform's message ID", tpl, res, err)
	}
}
