package ses_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/smithy-go"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/handoff/ses"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/testservers"
)

var t0 = time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)

func notice() handoff.Notice {
	s := domain.NewSession("sess-1", "+5511999990000", "instance_a", t0)
	s.State = domain.StateHandoff
	s.HandoffReason = domain.HandoffDataComplete
	s.HandoffAt = &t0
	s.ServiceIdentified = "Cliente oculto"
	s.CadastralData = map[string]any{"nome": "João Souza"}
	s.OperationalSummary = domain.LegacySummary("Rede de 12 lojas; quer visitas mensais.")
	return handoff.Notice{Session: s, QueuePosition: 1, At: t0}
}

// storedEmail is what aws-ses-v2-local lists at GET /store.
type storedEmail struct {
	MessageID   string `json:"messageId"`
	From        string `json:"from"`
	Destination struct {
		To []string `json:"to"`
	} `json:"destination"`
	Subject string `json:"subject"`
	Body    struct {
		Text string `json:"text"`
	} `json:"body"`
}

// The e-mail goes through the real SES v2 client to aws-ses-v2-local, which
// captures it: source, destination, subject and body all come from the
// configuration and the session.
func TestNotifierSendsThroughSES(t *testing.T) {
	endpoint := testservers.SES(t)
	client := sesv2.New(sesv2.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(endpoint),
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
	notifier, err := ses.New(ses.Config{
		From:       "intake@example.com",
		To:         []string{"ops@example.com", "lead@example.com"},
		ConsoleURL: "https://intake.example/atendimento",
	}, client, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := notifier.Notify(context.Background(), notice())
	if err != nil {
		t.Fatal(err)
	}
	if !res.Success || !res.Notified || res.OperatorPhone != "" || res.MockID == "" || res.QueuePosition != 1 {
		t.Errorf("result = %+v, want notified with the SES message ID and no operator phone", res)
	}

	emails := store(t, endpoint)
	if len(emails) != 1 {
		t.Fatalf("SES captured %d e-mails, want 1: %+v", len(emails), emails)
	}
	e := emails[0]
	if e.From != "intake@example.com" || strings.Join(e.Destination.To, ",") != "ops@example.com,lead@example.com" {
		t.Errorf("from %q to %v", e.From, e.Destination.To)
	}
	if e.MessageID != string(res.MockID) {
		t.Errorf("captured message ID %q, result mock_id %q", e.MessageID, res.MockID)
	}
	if !strings.Contains(e.Subject, "João Souza (+5511999990000)") || !strings.Contains(e.Subject, "Cliente oculto") {
		t.Errorf("subject = %q", e.Subject)
	}
	for _, want := range []string{"Motivo: cadastro completo", "Rede de 12 lojas", "Posição na fila: 1", "https://intake.example/atendimento"} {
		if !strings.Contains(e.Body.Text, want) {
			t.Errorf("body lacks %q:\n%s", want, e.Body.Text)
		}
	}
}

func store(t *testing.T, endpoint string) []storedEmail {
	t.Helper()
	res, err := http.Get(endpoint + "/store")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct {
		Emails []storedEmail `json:"emails"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return body.Emails
}

// sendFunc fakes the one SES call, as the aws-sdk-go-v2 testing guide does.
type sendFunc func(context.Context, *sesv2.SendEmailInput, ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)

func (f sendFunc) SendEmail(ctx context.Context, in *sesv2.SendEmailInput, opts ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
	return f(ctx, in, opts...)
}

func TestNotifierClassifiesFailures(t *testing.T) {
	tests := []struct {
		name string
		err  error
		kind domain.ErrorKind
	}{
		{"rejected", &types.MessageRejected{Message: aws.String("Email address is not verified")}, domain.ErrorKindPermanent},
		{"throttled", &types.TooManyRequestsException{Message: aws.String("slow down")}, domain.ErrorKindTransient},
		{"server fault", &smithy.GenericAPIError{Code: "InternalFailure", Fault: smithy.FaultServer}, domain.ErrorKindTransient},
		{"timed out", context.DeadlineExceeded, domain.ErrorKindUncertain},
		{"connection refused", errors.New("dial tcp 127.0.0.1:1: connect: connection refused"), domain.ErrorKindTransient},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			api := sendFunc(func(context.Context, *sesv2.SendEmailInput, ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
				return nil, tc.err
			})
			notifier, err := ses.New(ses.Config{From: "intake@example.com", To: []string{"ops@example.com"}}, api, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := notifier.Notify(context.Background(), notice())
			if err != nil {
				t.Fatalf("a provider failure is a result, not an error: %v", err)
			}
			if res.Success || res.Notified || res.ErrorKind != tc.kind || res.QueuePosition != 1 {
				t.Errorf("result = %+v, want a %s failure that notified nobody", res, tc.kind)
			}
		})
	}
}

func TestConfigNeedsSenderAndRecipients(t *testing.T) {
	api := sendFunc(nil)
	if _, err := ses.New(ses.Config{To: []string{"ops@example.com"}}, api, nil); err == nil {
		t.Error("New without From succeeded")
	}
	if _, err := ses.New(ses.Config{From: "intake@example.com"}, api, nil); err == nil {
		t.Error("New without To succeeded")
	}
}
