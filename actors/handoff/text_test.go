package handoff_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/persistence"
)

func TestComposeFirstNotice(t *testing.T) {
	n := handoff.Notice{Session: waitingSession("sess-1", "+5511999990000", t0), QueuePosition: 2, At: t0}
	golden(t, "notice_first.golden", handoff.Compose(n, "https://intake.example/atendimento").Text())
}

func TestComposeReminderSaysSinceWhen(t *testing.T) {
	n := handoff.Notice{Session: waitingSession("sess-1", "+5511999990000", t0), QueuePosition: 1, Renotify: true,
		At: t0.Add(72 * time.Minute)}
	golden(t, "notice_renotify.golden", handoff.Compose(n, "https://intake.example/atendimento").Text())
}

// A conversation that knows little still makes a readable notice: the phone
// stands for the name, dashes for what is missing, no position when unknown.
func TestComposeWithoutContext(t *testing.T) {
	s := persistence.NewSession("sess-2", "+5511988887777", "instance_a", t0)
	s.State = persistence.StateHandoff
	s.HandoffReason = persistence.HandoffAgentFailure
	golden(t, "notice_bare.golden", handoff.Compose(handoff.Notice{Session: s, At: t0}, "").Text())
}

func TestCustomerName(t *testing.T) {
	s := persistence.NewSession("s", "+5511", "instance_a", t0)
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
	s.OperationalSummary = persistence.StructuredSummary(persistence.OperationalSummary{DadosColetados: map[string]any{"name": "Ana"}})
	if got := handoff.CustomerName(s); got != "Ana" {
		t.Errorf("name from the summary's collected data = %q", got)
	}
}
