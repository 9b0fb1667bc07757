package emulator_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"github.com/intake-runtime/intake/actors/handoff/ses"
	"github.com/intake-runtime/intake/emulator"
)

// sesSender is the one call an SES notifier declares: an AWS client is
// declared by the calls made, never as the whole SDK client.
type sesSender interface {
	SendEmail(ctx context.Context, in *sesv2.SendEmailInput, opts ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

var (
	_ sesSender       = (*emulator.MemoryMailer)(nil)
	_ emulator.Mailer = (*emulator.MemoryMailer)(nil)
)

func TestMemoryMailerRecordsSESSends(t *testing.T) {
	m := emulator.NewMemoryMailer()
	var api ses.API = m
	out, err := api.SendEmail(t.Context(), &sesv2.SendEmailInput{
		FromEmailAddress: aws.String("bot@example.com"),
		Destination:      &sestypes.Destination{ToAddresses: []string{"ops@example.com"}},
		Content: &sestypes.EmailContent{Simple: &sestypes.Message{
			Subject: &sestypes.Content{Data: aws.String("Atendimento humano: +5511999990000")},
			Body:    &sestypes.Body{Text: &sestypes.Content{Data: aws.String("O cliente pediu uma pessoa.")}},
		}},
	})
	if err != nil || aws.ToString(out.MessageId) == "" {
		t.Fatalf("SendEmail = %v, %v", out, err)
	}
	sent := m.Sent()
	if len(sent) != 1 {
		t.Fatalf("Sent = %+v", sent)
	}
	e := sent[0]
	if e.ID != aws.ToString(out.MessageId) || e.From != "bot@example.com" || e.To[0] != "ops@example.com" ||
		e.Subject != "Atendimento humano: +5511999990000" || e.Text != "O cliente pediu uma pessoa." || e.SentAt.IsZero() {
		t.Errorf("recorded e-mail = %+v", e)
	}
	sent[0].To[0] = "changed"
	if m.Sent()[0].To[0] != "ops@example.com" {
		t.Error("Sent shares its slices with the mailer")
	}
}

func TestMemoryMailerRejectsWhatSESRejects(t *testing.T) {
	m := emulator.NewMemoryMailer()
	for name, in := range map[string]*sesv2.SendEmailInput{
		"no content":   {FromEmailAddress: aws.String("a@example.com"), Destination: &sestypes.Destination{ToAddresses: []string{"b@example.com"}}},
		"no recipient": {FromEmailAddress: aws.String("a@example.com"), Content: &sestypes.EmailContent{Simple: &sestypes.Message{Subject: &sestypes.Content{Data: aws.String("s")}}}},
		"no sender":    {Destination: &sestypes.Destination{ToAddresses: []string{"b@example.com"}}, Content: &sestypes.EmailContent{Simple: &sestypes.Message{Subject: &sestypes.Content{Data: aws.String("s")}}}},
	} {
		_, err := m.SendEmail(t.Context(), in)
		var bad *sestypes.BadRequestException
		if !errors.As(err, &bad) {
			t.Errorf("%s: err = %v, want BadRequestException", name, err)
		}
	}
	if len(m.Sent()) != 0 {
		t.Errorf("rejected e-mails were recorded: %+v", m.Sent())
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := m.Send(ctx, emulator.Email{From: "a@x", To: []string{"b@x"}, Subject: "s"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Send with a cancelled context = %v", err)
	}
}

func TestMemoryMailerKeepsTheLastEmails(t *testing.T) {
	m := emulator.NewMemoryMailer()
	for i := range emulator.MemoryMailerCapacity + 5 {
		if _, err := m.Send(t.Context(), emulator.Email{From: "a@x", To: []string{"b@x"}, Subject: string(rune('a' + i%26))}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(m.Sent()); n != emulator.MemoryMailerCapacity {
		t.Errorf("kept %d e-mails, want %d", n, emulator.MemoryMailerCapacity)
	}
}
