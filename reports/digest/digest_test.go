package digest_test

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

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/reports"
	"github.com/intake-runtime/intake/reports/digest"
)

var saoPaulo, _ = time.LoadLocation("America/Sao_Paulo")

// weekSource answers a week's report and remembers the queries.
type weekSource struct{ asked []reports.Query }

func (s *weekSource) Report(_ context.Context, q reports.Query) (reports.Report, error) {
	s.asked = append(s.asked, q)
	return week(q.From.Format(time.DateOnly), q.To.Format(time.DateOnly)), nil
}

func ptr(v float64) *float64 { return &v }

func week(from, to string) reports.Report {
	return reports.Report{From: from, To: to, By: reports.ByDay, Currency: "USD",
		Total: reports.Figures{
			Funnel:      reports.Funnel{Conversations: 280, Qualified: 201, DataComplete: 123, Registered: 87, HandedOff: 36, Closed: 226, Abandoned: 48},
			HandoffWait: reports.Percentile{Count: 36, P50: ptr(312), P90: ptr(2710)},
			Usage:       reports.Usage{Cost: ptr(3.84), PerConversation: ptr(0.0137), PerRegistered: ptr(0.0441)},
		},
		Demands: []reports.DemandGroup{{Text: "pesquisa de preço", Count: 9}, {Text: "treinamento", Count: 5},
			{Text: "panfletagem", Count: 3}, {Text: "recrutamento", Count: 2}, {Text: "inventário", Count: 2}, {Text: "frete", Count: 1}},
	}
}

// The digest says the week's funnel with the share of each step, the
// handoff wait's median in words, the cost per registration in money, the
// five most common demands and the link to the page for the same days.
func TestDigestSaysTheWeek(t *testing.T) {
	mailer := emulator.NewMemoryMailer()
	clock := time.Date(2025, 3, 10, 8, 30, 0, 0, saoPaulo) // Monday
	src := &weekSource{}
	d := newDigest(t, src, mailer, memory.New(memory.WithClock(func() time.Time { return clock })), &clock)
	if sent, err := d.Run(context.Background()); !sent || err != nil {
		t.Fatalf("Run = %v, %v", sent, err)
	}
	e := mailer.Sent()[0]
	if e.From != "intake@example.com" || strings.Join(e.To, ",") != "dono@example.com,gerente@example.com" {
		t.Errorf("from %q to %q", e.From, e.To)
	}
	if want := "Resumo da semana 03/03/2025 a 09/03/2025: 280 conversas, 87 cadastros"; e.Subject != want {
		t.Errorf("subject %q, want %q", e.Subject, want)
	}
	for _, s := range []string{"- Conversas: 280 (100%)", "- Qualificadas: 201 (72%)", "- Cadastradas no CRM: 87 (31%)",
		"- Abandonadas: 48 (17%)", "metade em até 5 min (horas úteis, 36 conversas)", "Custo do modelo por cadastro: US$ 0,0441",
		"1. pesquisa de preço (9)", "5. inventário (2)",
		"Relatório completo: https://intake.example/admin/reports?by=day&from=2025-03-03&to=2025-03-09"} {
		if !strings.Contains(e.Text, s) {
			t.Errorf("the text lacks %q:\n%s", s, e.Text)
		}
	}
	if strings.Contains(e.Text, "frete") {
		t.Error("the digest lists more than five demands")
	}
	if !strings.Contains(e.HTML, `<a href="https://intake.example/admin/reports?by=day&amp;from=2025-03-03&amp;to=2025-03-09">`) ||
		!strings.Contains(e.HTML, "<li>pesquisa de preço (9)</li>") {
		t.Errorf("the HTML body lacks the link or the demands:\n%s", e.HTML)
	}
	q := src.asked[0]
	if !q.From.Equal(time.Date(2025, 3, 3, 0, 0, 0, 0, saoPaulo)) || !q.To.Equal(time.Date(2025, 3, 9, 0, 0, 0, 0, saoPaulo)) || q.By != reports.ByDay {
		t.Errorf("asked %+v, want Monday 3 to Sunday 9 March by day", q)
	}
}

// Last week's digest is due from Monday 08:00 local and goes out once
// whichever node runs first and however often the job runs; a node down on
// Monday sends it later that week.
func TestDigestGoesOutOnceAWeek(t *testing.T) {
	var clock time.Time
	mailer, table := emulator.NewMemoryMailer(), memory.New(memory.WithClock(func() time.Time { return clock }))
	nodes := []*digest.Digest{newDigest(t, &weekSource{}, mailer, table, &clock), newDigest(t, &weekSource{}, mailer, table, &clock)}
	for _, step := range []struct {
		at    time.Time
		sends bool
	}{
		{time.Date(2025, 3, 9, 23, 0, 0, 0, saoPaulo), true},   // Sunday night: the week before, due since the 3rd
		{time.Date(2025, 3, 9, 23, 30, 0, 0, saoPaulo), false}, // this one is not over
		{time.Date(2025, 3, 10, 7, 59, 0, 0, saoPaulo), false},
		{time.Date(2025, 3, 10, 8, 0, 0, 0, saoPaulo), true},
		{time.Date(2025, 3, 10, 8, 15, 0, 0, saoPaulo), false},
		{time.Date(2025, 3, 12, 10, 0, 0, 0, saoPaulo), false},
		{time.Date(2025, 3, 19, 15, 0, 0, 0, saoPaulo), true}, // down on Monday 17th: sent on Wednesday
	} {
		clock = step.at
		sent := 0
		for _, n := range nodes {
			ok, err := n.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				sent++
			}
		}
		if want := map[bool]int{true: 1, false: 0}[step.sends]; sent != want {
			t.Errorf("at %s %d nodes sent, want %d", step.at, sent, want)
		}
	}
	if n := len(mailer.Sent()); n != 3 {
		t.Errorf("%d e-mails, want 3", n)
	}
}

// A send that fails frees the week: the next run sends it.
func TestDigestRetriesAFailedSend(t *testing.T) {
	clock := time.Date(2025, 3, 10, 9, 0, 0, 0, saoPaulo)
	table := memory.New(memory.WithClock(func() time.Time { return clock }))
	failing := sendFunc(func(context.Context, *sesv2.SendEmailInput, ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
		return nil, errors.New("connection reset")
	})
	if sent, err := newDigest(t, &weekSource{}, failing, table, &clock).Run(context.Background()); sent || err == nil {
		t.Fatalf("Run = %v, %v, want the failure", sent, err)
	}
	mailer := emulator.NewMemoryMailer()
	if sent, err := newDigest(t, &weekSource{}, mailer, table, &clock).Run(context.Background()); !sent || err != nil {
		t.Errorf("retry = %v, %v, want sent", sent, err)
	}
}

// Through the real SES v2 client to aws-ses-v2-local, as the handoff
// e-mails are tested.
func TestDigestSendsThroughSES(t *testing.T) {
	endpoint := testservers.SES(t)
	client := sesv2.New(sesv2.Options{Region: "us-east-1", BaseEndpoint: aws.String(endpoint),
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", "")})
	clock := time.Date(2025, 3, 10, 9, 0, 0, 0, saoPaulo)
	if sent, err := newDigest(t, &weekSource{}, client, memory.New(memory.WithClock(func() time.Time { return clock })), &clock).Run(context.Background()); !sent || err != nil {
		t.Fatalf("Run = %v, %v", sent, err)
	}
	res, err := http.Get(endpoint + "/store")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var store struct {
		Emails []struct {
			Subject string `json:"subject"`
			Body    struct {
				Text string `json:"text"`
				HTML string `json:"html"`
			} `json:"body"`
		} `json:"emails"`
	}
	if err := json.NewDecoder(res.Body).Decode(&store); err != nil {
		t.Fatal(err)
	}
	if len(store.Emails) != 1 || !strings.HasPrefix(store.Emails[0].Subject, "Resumo da semana 03/03/2025") ||
		!strings.Contains(store.Emails[0].Body.Text, "Cadastradas no CRM: 87 (31%)") {
		t.Errorf("SES captured %+v", store.Emails)
	}
}

func newDigest(t *testing.T, src reports.Source, api digest.API, table persistence.Table, clock *time.Time) *digest.Digest {
	t.Helper()
	d, err := digest.New(digest.Config{From: "intake@example.com", To: []string{"dono@example.com", "gerente@example.com"},
		PageURL: "https://intake.example/admin/reports", Zone: saoPaulo, Now: func() time.Time { return *clock }},
		src, api, persistence.NewReportDigests(table), nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

type sendFunc func(context.Context, *sesv2.SendEmailInput, ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)

func (f sendFunc) SendEmail(ctx context.Context, in *sesv2.SendEmailInput, opts ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
	return f(ctx, in, opts...)
}
