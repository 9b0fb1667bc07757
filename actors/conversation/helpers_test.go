package conversation_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
)

// now is the pinned clock of every test: a Tuesday, 10:30 in Brasília.
var now = time.Date(2026, 3, 10, 13, 30, 0, 0, time.UTC)

const (
	phone    = "+5511987654321"
	modelMsg = "Texto do modelo."
	// burst is a customer text that is neither yes nor no, so a pending
	// subject change is left to the model.
	burst = "quero entender melhor as opções"
)

// cfg has recognisable texts, so tests can tell which one an outcome carries.
var cfg = conversation.Config{
	FallbackText:           "FALLBACK",
	RetryText:              "RETRY: {campos}",
	ValidationHandoffText:  "VALIDATION HANDOFF",
	EnrichmentFallbackText: "ENRICHMENT FALLBACK",
}

func newEngine(t testing.TB) *conversation.Engine {
	t.Helper()
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	e, err := conversation.New(cfg, store)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// sessionIn returns a plausible session in state, as the rules would have
// left it.
func sessionIn(state domain.SessionState) domain.Session {
	s := domain.NewSession("sess-1", phone, "instance_a", now.Add(-time.Hour))
	s.State = state
	s.CurrentAgent = domain.AgentTriage
	switch state {
	case domain.StateQualifying:
		s.CurrentAgent = domain.AgentQualifier
		s.QualificationData["assunto"] = "avaliar o atendimento das lojas"
	case domain.StateDataCollect, domain.StateCompleted:
		s.CurrentAgent = domain.AgentRegistrar
		s.ServiceIdentified, s.Segment, s.Intent = "Cliente Oculto", "pesquisa", "orcamento"
		s.QualificationData["assunto"] = "avaliar o atendimento das lojas"
		if state == domain.StateCompleted {
			s.CadastralData = map[string]any{"nome": "Maria Souza", "email": "maria@exemplo.com", "cpf_cnpj": "52998224725"}
			s.HandoffReason = domain.HandoffDataComplete
		}
	case domain.StateConfirmSubject:
		s.CurrentAgent = domain.AgentQualifier
		s.QualificationData["assunto"] = "avaliar o atendimento das lojas"
		s.PendingSubjectChangeText = "na verdade quero um treinamento para a equipe"
	case domain.StateHandoff:
		s.HandoffReason = domain.HandoffCustomerRequest
	case domain.StateHuman:
		s.HandoffReason = domain.HandoffOperatorTakeover
		s.AssignedTo = "+5511900000000"
	case domain.StateClosed:
		closed := now.Add(-time.Minute)
		s.ClosedAt = &closed
	}
	return s
}

func input(s domain.Session, customer ...string) conversation.Input {
	return conversation.Input{Session: s, Customer: customer, PushName: "Maria", Now: now}
}

// parse parses a raw model answer as the actor does.
func parse(t testing.TB, raw string) agent.ParsedLLMResponse {
	t.Helper()
	a, err := agent.Parse(raw)
	if err != nil {
		t.Fatalf("Parse(%q): %v", raw, err)
	}
	return a
}
