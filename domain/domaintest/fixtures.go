// Package domaintest holds values of the domain with every field set, the
// fixtures of the round-trip and golden tests of domain and persistence: one
// copy, so a field added to a type is added to its fixture once.
package domaintest

import (
	"time"

	"github.com/intake-runtime/intake/domain"
)

// Fixed instants: golden files must not depend on the clock. Nanoseconds prove
// that stored timestamps keep full precision.
var (
	T0 = time.Date(2025, 3, 14, 12, 0, 0, 123456789, time.UTC)
	T1 = T0.Add(90 * time.Second)
	T2 = T0.Add(10 * time.Minute)
)

// At returns a pointer to t, for the optional timestamps.
func At(t time.Time) *time.Time { return &t }

// Session sets every field, so a round trip proves each one is stored.
func Session() domain.Session {
	s := domain.NewSession("sess-1", "+5511999990000", "instance_a", T0)
	s.State = domain.StateHuman
	s.CurrentAgent = domain.AgentRegistrar
	s.Segment = "residencial"
	s.Intent = "orcamento"
	s.ServiceIdentified = "Instalação solar"
	s.QualificationData = map[string]any{"consumo_kwh": 350.5, "telhado": "ceramica"}
	s.CadastralData = map[string]any{
		"nome":     "Maria Silva",
		"cpf_cnpj": "12345678909",
		"contatos": []any{"+5511999990000", map[string]any{"email": "maria@example.com"}},
		"vip":      true,
		"obs":      nil,
	}
	s.CollectedPackages = []string{"pkg-solar", "pkg-financiamento"}
	s.ContextEnrichmentCount = 2
	s.UpdatedAt = T2
	s.ClosedAt = At(T2)
	s.HandoffReason = domain.HandoffDataComplete
	s.AssignedTo = "+5511888880000"
	s.HandoffRenotifiedAt = At(T1)
	s.HandoffRenotificationCount = 1
	s.HandoffCustomerRenotifiedAt = At(T1)
	s.ERPSynced = true
	s.CRMSynced = true
	s.CRMContactID = "c-1"
	s.CRMDealID = "d-1"
	s.CRMTerminalStage = "won"
	s.ERPPayload = map[string]any{"nome": "Maria Silva", "tipo": []any{"cliente"}}
	s.CRMPayload = map[string]any{"properties": map[string]any{"firstname": "Maria"}}
	s.OperationalSummary = domain.StructuredSummary(domain.OperationalSummary{
		MotivoEncerramento:  "dados completos",
		ServicoIdentificado: "Instalação solar",
		Segmento:            "residencial",
		PontosChave:         []string{"telhado cerâmico", "consumo 350 kWh"},
		DadosColetados:      map[string]any{"nome": "Maria Silva"},
		ProximaAcao:         "enviar proposta",
		ResumoTexto:         "Cliente quer orçamento de instalação solar.",
	})
	s.PreviousSessionID = "sess-0"
	s.RecognizedName = "Maria"
	s.PendingSubjectChangeText = "e sobre baterias?"
	s.RetryCount = 1
	s.Version = 7
	return s
}

// Message is an outbound message with every field set.
func Message() domain.Message {
	return domain.Message{
		MessageID:             "msg-2",
		SessionID:             "sess-1",
		PhoneNumber:           "+5511999990000",
		Content:               "Olá Maria! Qual é o seu consumo mensal?",
		Timestamp:             T1,
		StateBefore:           domain.StateQualifying,
		StateAfter:            domain.StateDataCollect,
		Direction:             domain.DirectionOutbound,
		MessageType:           domain.MessageText,
		DebouncedWith:         []string{"wamid.A", "wamid.B"},
		LLMRawResponse:        `{"s":1,"qualification_data":{}} Olá Maria!`,
		LLMParsedJSON:         map[string]any{"s": 1.0, "qualification_data": map[string]any{}},
		CleanMessageSent:      "Olá Maria! Qual é o seu consumo mensal?",
		Agent:                 domain.AgentQualifier,
		OperatorPhone:         "+5511888880000",
		ProviderMessageID:     "wamid.OUT1",
		ContextPackagesActive: []string{"pkg-solar"},
		LLMModel:              "gpt-test",
		TokensInput:           1200,
		TokensOutput:          80,
		LatencyMS:             950,
		Error:                 domain.ErrorSuperseded,
		DeliveryStatus:        domain.DeliveryRead,
		DeliveryUpdatedAt:     At(T2),
		ReplyID:               "btn_atendente",
		Reaction:              "👍",
		Options:               []string{"Energia solar", "Eficiência energética"},
		ReactionAt:            At(T2),
	}
}

// Turn is an inbound turn with every field set.
func Turn() domain.InboundTurn {
	return domain.InboundTurn{
		PhoneNumber: "+5511999990000",
		MessageID:   "wamid.IN1",
		Content:     "Quero energia solar",
		ReceivedAt:  T0,
		Instance:    "instance_a",
		MessageType: domain.MessageText,
		PushName:    "Maria",
	}
}

// Demand is an out-of-portfolio demand with every field set.
func Demand() domain.OutOfPortfolioDemand {
	return domain.OutOfPortfolioDemand{
		DemandID:          "6f1c1b9e-2f64-4a53-9d3c-0d9a3c1f8b11",
		SessionID:         "sess-1",
		PhoneNumber:       "+5511999990000",
		PushName:          "Maria",
		ServiceRequested:  "conserto de geladeira",
		EstimatedSegment:  "residencial",
		MessagingInstance: "instance_a",
		OriginalMessage:   "vocês consertam geladeira?",
		CreatedAt:         T0,
	}
}

// Desired is a desired CRM state with a contact, a deal and a terminal stage.
func Desired() domain.Desired {
	return domain.Desired{
		Stage:    "qualified",
		Terminal: true,
		Contact:  map[string]any{"properties": map[string]any{"firstname": "Maria", "segmento": "residencial"}},
		Deal: map[string]any{
			"properties":   map[string]any{"dealname": "Solar - Maria"},
			"associations": []any{map[string]any{"to": map[string]any{"id": "c-1"}}},
		},
	}
}
