package messagingtest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// sendOptions is a SendOptions call of the suite.
func sendOptions(to, text string, options ...string) call {
	return call{fmt.Sprintf("SendOptions(%.20q, %d options)", to, len(options)),
		func(ctx context.Context, s messaging.Sender) (domain.AdapterResult, error) {
			return s.(messaging.OptionsSender).SendOptions(ctx, to, text, options)
		}}
}

// numbered returns n options "Opção 1"…
func numbered(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("Opção %d", i+1)
	}
	return out
}

// interactive: a Sender that sends options sends every set that fits buttons
// or a list, and refuses what fits neither (too many, a title too long, none)
// or what Send would refuse, as the caller's fault, before any call; an ended
// context and a failing platform behave as for Send.
func interactive(t *testing.T, s Senders) {
	if _, ok := s.New(t).(messaging.OptionsSender); !ok {
		t.Skip("the Sender sends no options")
	}
	sender := s.New(t)
	for _, c := range []call{
		sendOptions(Recipient, "Confirma?", "Sim", "Não"),
		sendOptions(Recipient, "Confirma?", strings.Repeat("é", messaging.MaxButtonTitleRunes), "Não", "Talvez"),
		sendOptions(Recipient, "Qual serviço?", numbered(messaging.MaxListRows)...),
		sendOptions(Recipient, "Qual serviço?", strings.Repeat("a", messaging.MaxRowTitleRunes), "Outro"),
	} {
		if res, err := c.do(context.Background(), sender); err != nil || !res.Success || res.MockID == "" {
			t.Errorf("%s = %+v, %v; want success with the platform's message ID", c.name, res, err)
		}
	}
	for _, tt := range []struct {
		call call
		want error
	}{
		{sendOptions(Recipient, "Qual?", numbered(messaging.MaxListRows+1)...), messaging.ErrNotInteractive},
		{sendOptions(Recipient, "Qual?", strings.Repeat("a", messaging.MaxRowTitleRunes+1), "Outro"), messaging.ErrNotInteractive},
		{sendOptions(Recipient, strings.Repeat("a", messaging.MaxInteractiveBodyRunes+1), "Sim", "Não"), messaging.ErrNotInteractive},
		{sendOptions(Recipient, "Confirma?"), messaging.ErrNotInteractive},
		{sendOptions("", "Confirma?", "Sim"), messaging.ErrInvalidRecipient},
		{sendOptions(Recipient, " ", "Sim"), messaging.ErrEmptyText},
	} {
		res, err := tt.call.do(context.Background(), sender)
		if !errors.Is(err, tt.want) || res.Success || res.ErrorKind != domain.ErrorKindPermanent || res.Detail == "" {
			t.Errorf("%s = %+v, %v; want a permanent %v with a detail", tt.call.name, res, err, tt.want)
		}
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := sendOptions(Recipient, "Confirma?", "Sim", "Não").do(cancelled, sender)
	if !errors.Is(err, context.Canceled) || res.Success ||
		!slices.Contains([]domain.ErrorKind{domain.ErrorKindTransient, domain.ErrorKindUncertain}, res.ErrorKind) {
		t.Errorf("SendOptions with a cancelled ctx = %+v, %v; want a transient or uncertain context.Canceled", res, err)
	}
	if s.Failing == nil {
		return
	}
	for _, kind := range []domain.ErrorKind{domain.ErrorKindTransient, domain.ErrorKindPermanent, domain.ErrorKindUncertain} {
		failing := s.Failing(t, kind)
		if failing == nil {
			continue
		}
		res, err := sendOptions(Recipient, "Confirma?", "Sim", "Não").do(context.Background(), failing)
		if err != nil || res.Success || res.ErrorKind != kind || res.Detail == "" {
			t.Errorf("SendOptions on a platform failing %s = %+v, %v; want that kind with a detail and no error", kind, res, err)
		}
	}
}
