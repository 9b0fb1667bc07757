package handoff_test

import (
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/locale"
)

const console = "https://intake.example/atendimento"

// A notice is written in UI_LANG with times on UI_TIMEZONE's clock, as the
// console is: one golden file per notice and language (zone unset, so São
// Paulo's).
func TestCompose(t *testing.T) {
	bare := domain.NewSession("sess-2", "+5511988887777", "instance_a", t0)
	bare.State = domain.StateHandoff
	bare.HandoffReason = domain.HandoffAgentFailure
	notices := []struct {
		name    string
		notice  handoff.Notice
		console string
	}{
		{"first", handoff.Notice{Session: waitingSession("sess-1", "+5511999990000", t0), QueuePosition: 2, At: t0}, console},
		// A reminder says since when and for how long.
		{"renotify", handoff.Notice{Session: waitingSession("sess-1", "+5511999990000", t0), QueuePosition: 1, Renotify: true,
			At: t0.Add(72 * time.Minute)}, console},
		// A conversation that knows little still makes a readable notice:
		// the phone stands for the name, dashes for what is missing, no
		// position when unknown.
		{"bare", handoff.Notice{Session: bare, At: t0}, ""},
	}
	for _, lang := range []locale.Lang{"", locale.English} {
		l, err := handoff.NewLocale(lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range notices {
			name := "notice_" + tc.name + "." + string(l.Lang) + ".golden"
			t.Run(name, func(t *testing.T) { golden(t, name, handoff.Compose(l, tc.notice, tc.console).Text()) })
		}
	}
}

// With UI_LANG and UI_TIMEZONE unset, an operator reads a reminder in
// Portuguese on São Paulo's clock: a handoff at 12:00 UTC waits since 09:00.
func TestDefaultNoticeIsPortugueseOnSaoPauloTime(t *testing.T) {
	l, err := handoff.NewLocale("", nil)
	if err != nil {
		t.Fatal(err)
	}
	n := handoff.Notice{Session: waitingSession("sess-1", "+5511999990000", t0), QueuePosition: 1, Renotify: true,
		At: t0.Add(25 * time.Minute)}
	m := handoff.Compose(l, n, console)
	for _, want := range []string{"Ainda aguardando um operador: Maria Silva", "Aguardando desde 14/03/2025 09:00 (25 min)",
		"Motivo: o cliente pediu uma pessoa", "Posição na fila: 1", "Assuma no console: " + console} {
		if !strings.Contains(m.Text(), want) {
			t.Errorf("notice lacks %q:\n%s", want, m.Text())
		}
	}
	en, err := handoff.NewLocale(locale.English, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := handoff.Compose(en, n, console).Text(); !strings.Contains(got, "Still waiting since Mar 14, 2025 9:00 AM (25 min)") {
		t.Errorf("UI_LANG=en notice:\n%s", got)
	}
}

func TestReasonText(t *testing.T) {
	pt, _ := handoff.NewLocale(locale.PortugueseBR, nil)
	en, _ := handoff.NewLocale(locale.English, nil)
	for _, tc := range []struct {
		reason domain.HandoffReason
		pt, en string
	}{
		{domain.HandoffDataComplete, "cadastro completo", "registration data complete"},
		{"SOMETHING_NEW", "SOMETHING_NEW", "SOMETHING_NEW"},
		{"", "—", "—"},
	} {
		if got := handoff.ReasonText(pt, tc.reason); got != tc.pt {
			t.Errorf("pt-BR %q = %q, want %q", tc.reason, got, tc.pt)
		}
		if got := handoff.ReasonText(en, tc.reason); got != tc.en {
			t.Errorf("en %q = %q, want %q", tc.reason, got, tc.en)
		}
	}
}

func TestCustomerName(t *testing.T) {
	s := domain.NewSession("s", "+5511", "instance_a", t0)
	if got := handoff.CustomerName(s); got != "" {
		t.Errorf("name of an unknown customer = %q", got)
	}
	s.RecognizedName = "Maria"
	if got := handoff.CustomerName(s); got != "Maria" {
		t.Errorf("recognised name = %q", got)
	}
	s.CadastralData = map[string]any{"nome": " Maria Silva "}
	if got := handoff.CustomerName(s); got != "Maria Silva" {
		t.Errorf("registration name = %q, want it to win over the recognised one", got)
	}
	s.CadastralData = map[string]any{"email": "ana@example.com"}
	s.QualificationData = map[string]any{"contato": "Ana Souza", "empresa": "Padaria Sol"}
	if got := handoff.CustomerName(s); got != "Ana Souza" {
		t.Errorf("name from the qualification data = %q", got)
	}
	s.QualificationData = map[string]any{}
	s.OperationalSummary = domain.StructuredSummary(domain.OperationalSummary{DadosColetados: map[string]any{"name": "Ana"}})
	if got := handoff.CustomerName(s); got != "Ana" {
		t.Errorf("name from the summary's collected data = %q", got)
	}
}
