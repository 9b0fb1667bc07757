package persistence_test

import (
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Fixed instants: golden files must not depend on the clock. Nanoseconds prove
// that stored timestamps keep full precision.
var (
	t0 = time.Date(2025, 3, 14, 12, 0, 0, 123456789, time.UTC)
	t1 = t0.Add(90 * time.Second)
	t2 = t0.Add(10 * time.Minute)
)

func at(t time.Time) *time.Time { return &t }

// fullSession sets every field, so a round trip proves each one is stored.
func fullSession() domain.Session {
	s := domain.NewSession("sess-1", "+5511999990000", "instance_a", t0)
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
	s.UpdatedAt = t2
	s.ClosedAt = at(t2)
	s.HandoffReason = domain.HandoffDataComplete
	s.AssignedTo = "+5511888880000"
	s.HandoffRenotifiedAt = at(t1)
	s.HandoffRenotificationCount = 1
	s.HandoffCustomerRenotifiedAt = at(t1)
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

func fullMessage() domain.Message {
	return domain.Message{
		MessageID:             "msg-2",
		SessionID:             "sess-1",
		PhoneNumber:           "+5511999990000",
		Content:               "Olá Maria! Qual é o seu consumo mensal?",
		Timestamp:             t1,
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
		DeliveryUpdatedAt:     at(t2),
		ReplyID:               "btn_atendente",
		Reaction:              "👍",
		ReactionAt:            at(t2),
		Options:               []string{"Energia solar", "Eficiência energética"},
	}
}

func fullTurn() domain.InboundTurn {
	return domain.InboundTurn{
		PhoneNumber: "+5511999990000",
		MessageID:   "wamid.IN1",
		Content:     "Quero energia solar",
		ReceivedAt:  t0,
		Instance:    "instance_a",
		MessageType: domain.MessageText,
		PushName:    "Maria",
	}
}

func fullReceipt() persistence.Receipt {
	r := persistence.NewReceipt(fullTurn(), t0)
	r.DispatchedAt = at(t0)
	r.AgentRoutedAt = at(t1)
	r.SyncClaimedAt = at(t1)
	r.CompletedAt = at(t2)
	return r
}

func fullDemand() domain.OutOfPortfolioDemand {
	return domain.OutOfPortfolioDemand{
		DemandID:          "6f1c1b9e-2f64-4a53-9d3c-0d9a3c1f8b11",
		SessionID:         "sess-1",
		PhoneNumber:       "+5511999990000",
		PushName:          "Maria",
		ServiceRequested:  "conserto de geladeira",
		EstimatedSegment:  "residencial",
		MessagingInstance: "instance_a",
		OriginalMessage:   "vocês consertam geladeira?",
		CreatedAt:         t0,
	}
}

func fullDesired() domain.Desired {
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

func fullProjection() persistence.CRMProjection {
	return persistence.CRMProjection{
		SessionID:         "sess-1",
		Desired:           fullDesired(),
		Revision:          "rev-2",
		ConfirmedRevision: "rev-1",
		ETag:              "etag-9",
		ContactID:         "c-1",
		DealID:            "d-1",
		CreationStarted:   at(t0),
		Status:            persistence.ProjectionUncertain,
		Attempts:          3,
		NextAttemptAt:     t2,
		PendingSince:      at(t0),
		CreatedAt:         t0,
		UpdatedAt:         t1,
		LeaseOwner:        "worker-1",
		LeaseUntil:        at(t1),
		LastError:         "timeout creating deal",
		LastErrorKind:     domain.ErrorKindUncertain,
	}
}
