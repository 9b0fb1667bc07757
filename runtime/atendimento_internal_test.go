package runtime

import (
	"context"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/runtime/config"
)

// mailerFunc fakes the one SES call.
type mailerFunc func(context.Context, *sesv2.SendEmailInput, ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)

func (f mailerFunc) SendEmail(ctx context.Context, in *sesv2.SendEmailInput, opts ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
	return f(ctx, in, opts...)
}

func TestHandoffNotifierFollowsTheConfiguration(t *testing.T) {
	ctx := context.Background()
	mailed := 0
	mailer := mailerFunc(func(context.Context, *sesv2.SendEmailInput, ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
		mailed++
		return &sesv2.SendEmailOutput{MessageId: aws.String("ses-1")}, nil
	})
	s := domain.NewSession("s1", "+5511999990000", "instance_a", time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC))
	s.State = domain.StateHandoff
	notice := handoff.Notice{Session: s, QueuePosition: 1}

	off := config.Config{}
	if n, err := handoffNotifier(ctx, off, messaging.NewStub(nil), mailer, nil, nil, nil, zap.NewNop()); err != nil {
		t.Fatal(err)
	} else if _, ok := n.(*handoff.Stub); !ok {
		t.Errorf("HANDOFF_NOTIFIER_ENABLED=false gives %T, want the stub", n)
	}

	both := config.Config{Handoff: config.Handoff{NotifierEnabled: true, EmailFrom: "intake@example.com",
		EmailTo: []string{"ops@example.com"}, OperatorPhones: []string{"+5511400000001"}}}
	sender := messaging.NewStub(nil)
	n, err := handoffNotifier(ctx, both, sender, mailer, nil, nil, nil, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	res, err := n.Notify(ctx, notice)
	if err != nil || !res.Notified || res.OperatorPhone != "+5511400000001" || mailed != 1 || len(sender.Sends()) != 1 {
		t.Errorf("e-mail and text: %+v %v, %d e-mails, %d texts", res, err, mailed, len(sender.Sends()))
	}

	nobody := config.Config{Handoff: config.Handoff{NotifierEnabled: true}}
	if n, err = handoffNotifier(ctx, nobody, sender, nil, nil, nil, nil, zap.NewNop()); err != nil {
		t.Fatal(err)
	}
	if res, _ := n.Notify(ctx, notice); !res.Success || res.Notified {
		t.Errorf("enabled with nobody to tell: %+v, want queued and not notified", res)
	}

	bad := config.Config{Handoff: config.Handoff{NotifierEnabled: true, OperatorPhones: []string{"ops"}}}
	if _, err := handoffNotifier(ctx, bad, sender, nil, nil, nil, nil, zap.NewNop()); err == nil || !strings.Contains(err.Error(), "OPERATOR_PHONES") {
		t.Errorf("an operator phone without digits = %v, want an OPERATOR_PHONES error", err)
	}
}

func TestNoticesLinkThePublicBaseURL(t *testing.T) {
	ctx := context.Background()
	s := domain.NewSession("s1", "+5511999990000", "instance_a", time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC))
	s.State = domain.StateHandoff
	for base, want := range map[string]string{
		"":                            " /atendimento",
		"https://intake.example.com":  "https://intake.example.com/atendimento",
		"https://intake.example.com/": "https://intake.example.com/atendimento",
	} {
		cfg := config.Config{
			HTTP:    config.HTTP{PublicBaseURL: base},
			Handoff: config.Handoff{NotifierEnabled: true, OperatorPhones: []string{"+5511400000001"}},
		}
		sender := messaging.NewStub(nil)
		n, err := handoffNotifier(ctx, cfg, sender, nil, nil, nil, nil, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := n.Notify(ctx, handoff.Notice{Session: s, QueuePosition: 1}); err != nil {
			t.Fatal(err)
		}
		if sends := sender.Sends(); len(sends) != 1 || !strings.Contains(sends[0].Text, want) {
			t.Errorf("PUBLIC_BASE_URL=%q: notices %+v, want one linking %q", base, sends, want)
		}
	}
}

// Handoff notices speak UI_LANG on UI_TIMEZONE's clock, as the console
// does: unset, Portuguese on São Paulo's (a handoff at 12:00 UTC waits
// since 09:00).
func TestNoticesSpeakTheConsolesLanguage(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	s := domain.NewSession("s1", "+5511999990000", "instance_a", at)
	s.State, s.HandoffAt = domain.StateHandoff, &at
	for _, tc := range []struct {
		ui   map[string]string
		want string
	}{
		{nil, "Aguardando desde 14/03/2025 09:00 (25 min)"},
		{map[string]string{"UI_LANG": "en"}, "Still waiting since Mar 14, 2025 9:00 AM (25 min)"},
		{map[string]string{"UI_LANG": "en", "UI_TIMEZONE": "UTC"}, "Still waiting since Mar 14, 2025 12:00 PM (25 min)"},
	} {
		env := map[string]string{"HANDOFF_NOTIFIER_ENABLED": "true", "OPERATOR_PHONES": "+5511400000001"}
		maps.Copy(env, tc.ui)
		cfg, err := config.Load(func(name string) (string, bool) { v, ok := env[name]; return v, ok })
		if err != nil {
			t.Fatal(err)
		}
		sender := messaging.NewStub(nil)
		n, err := handoffNotifier(ctx, cfg, sender, nil, nil, nil, nil, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := n.Notify(ctx, handoff.Notice{Session: s, QueuePosition: 1, Renotify: true, At: at.Add(25 * time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if sends := sender.Sends(); len(sends) != 1 || !strings.Contains(sends[0].Text, tc.want) {
			t.Errorf("%v: notices %+v, want one saying %q", tc.ui, sends, tc.want)
		}
	}
}
