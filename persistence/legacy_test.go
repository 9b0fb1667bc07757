package persistence_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Items as older releases stored them: fields missing, NULLs where this
// release omits, Python ISO timestamps, operational_summary as plain text.
// They are fixed inputs, never rewritten by -update.

func TestLegacySessionLoadsWithDefaults(t *testing.T) {
	created := time.Date(2024, 11, 2, 9, 15, 0, 250_000_000, time.UTC)
	want := domain.Session{
		SessionID:          "legacy-1",
		PhoneNumber:        "+5511977770000",
		MessagingInstance:  "instance_a",
		CreatedAt:          created,
		UpdatedAt:          time.Date(2024, 11, 2, 9, 20, 31, 500_000_000, time.UTC),
		State:              domain.StateQualifying,
		CurrentAgent:       domain.AgentQualifier,
		QualificationData:  map[string]any{"consumo_kwh": 300.0},
		CadastralData:      map[string]any{},
		CollectedPackages:  []string{},
		OperationalSummary: domain.LegacySummary("Cliente pediu orçamento de energia solar."),
	}
	got, err := persistence.DecodeSession(readItem(t, "legacy_session.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("legacy session\n got: %#v\nwant: %#v", got, want)
	}
	if text := domain.SummaryText(got.OperationalSummary); text != "Cliente pediu orçamento de energia solar." {
		t.Errorf("summary text = %q", text)
	}
}

func TestLegacySessionWithPartialSummary(t *testing.T) {
	created := time.Date(2024, 11, 3, 10, 0, 0, 0, time.UTC)
	want := domain.Session{
		SessionID:         "legacy-2",
		PhoneNumber:       "+5511977770000",
		MessagingInstance: "instance_b",
		CreatedAt:         created,
		UpdatedAt:         created,
		ClosedAt:          at(created.Add(30 * time.Minute)),
		State:             domain.StateNew,
		QualificationData: map[string]any{},
		CadastralData:     map[string]any{"nome": "João"},
		CollectedPackages: []string{},
		OperationalSummary: domain.StructuredSummary(domain.OperationalSummary{
			MotivoEncerramento: "fora do portfólio",
			PontosChave:        []string{},
			DadosColetados:     map[string]any{},
			ResumoTexto:        "Cliente pediu conserto de geladeira.",
		}),
	}
	got, err := persistence.DecodeSession(readItem(t, "legacy_session_partial_summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("legacy session\n got: %#v\nwant: %#v", got, want)
	}
}

func TestLegacySessionSavesInCurrentShape(t *testing.T) {
	s, err := persistence.DecodeSession(readItem(t, "legacy_session.json"))
	if err != nil {
		t.Fatal(err)
	}
	item, err := persistence.EncodeSession(s)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "legacy_session_resaved.golden.json", itemJSON(t, item))
}

func TestLegacyMessageLoads(t *testing.T) {
	ts := time.Date(2024, 11, 2, 9, 15, 0, 250_000_000, time.UTC)
	want := domain.Message{
		MessageID:   "out-1",
		SessionID:   "legacy-1",
		PhoneNumber: "+5511977770000",
		Content:     "Olá!",
		Timestamp:   ts,
		StateBefore: domain.StateNew,
		StateAfter:  domain.StateQualifying,
		Direction:   domain.DirectionOutbound,
		MessageType: domain.MessageText,
		Agent:       domain.AgentTriage,
		TokensInput: 512,
		Error:       domain.ErrorSuperseded,
	}
	got, err := persistence.DecodeMessage(readItem(t, "legacy_message.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("legacy message\n got: %#v\nwant: %#v", got, want)
	}
	if !got.IsSuperseded() {
		t.Error("a message with error superseded must report IsSuperseded")
	}
}

// An outbox entry committed before replies carried options reads without
// them: it is sent, and shown to the model, as the plain text it was.
func TestLegacyOutboxReplyLoadsWithoutOptions(t *testing.T) {
	got, err := persistence.DecodeMessage(readItem(t, "legacy_outbox_reply.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Options != nil || !got.Unfinished() || got.OutboxAttempts != 1 {
		t.Errorf("legacy outbox reply = %+v, want an unfinished entry without options", got)
	}
	if text := got.CustomerText(); text != "Qual serviço você procura?" {
		t.Errorf("CustomerText() = %q, want the plain text", text)
	}
	item, err := persistence.EncodeMessage(got)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := item["options"]; ok {
		t.Errorf("resaved legacy reply has an options attribute: %v", item["options"])
	}
}

func TestLegacyReceiptLoads(t *testing.T) {
	want := persistence.Receipt{
		InboundTurn: domain.InboundTurn{
			PhoneNumber: "+5511977770000",
			MessageID:   "wamid.OLD",
			Content:     "oi",
			ReceivedAt:  time.Date(2024, 11, 2, 9, 14, 59, 0, time.UTC),
			Instance:    "instance_a",
			MessageType: domain.MessageText,
		},
		TTL:          1731143699,
		DispatchedAt: at(time.Date(2024, 11, 2, 9, 15, 0, 100_000_000, time.UTC)),
	}
	got, err := persistence.DecodeReceipt(readItem(t, "legacy_receipt.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("legacy receipt\n got: %#v\nwant: %#v", got, want)
	}
	if q := got.QueueMessage(); q.PhoneNumber != "+5511977770000" || q.MessageID != "wamid.OLD" {
		t.Errorf("queue message = %+v", q)
	}
}
