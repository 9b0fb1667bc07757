package domain_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

func TestSummaryText(t *testing.T) {
	structured := domain.OperationalSummary{
		MotivoEncerramento: "dados completos",
		PontosChave:        []string{"telhado cerâmico", " "},
		ProximaAcao:        "enviar proposta",
		ResumoTexto:        "  Cliente quer solar.  ",
	}
	noText := structured
	noText.ResumoTexto = ""
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"nil", nil, ""},
		{"legacy string", "  Resumo antigo. ", "Resumo antigo."},
		{"object", structured, "Cliente quer solar."},
		{"object pointer", &structured, "Cliente quer solar."},
		{"nil object pointer", (*domain.OperationalSummary)(nil), ""},
		{"object without resumo_texto", noText, "dados completos\n- telhado cerâmico\nenviar proposta"},
		{"structured summary", domain.StructuredSummary(structured), "Cliente quer solar."},
		{"legacy summary", domain.LegacySummary("Resumo antigo."), "Resumo antigo."},
		{"null summary", domain.Summary{}, ""},
		{"summary pointer", &domain.Summary{Legacy: "x"}, "x"},
		{"decoded JSON object", map[string]any{"resumo_texto": "Do JSON."}, "Do JSON."},
		{"unsupported", 42, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := domain.SummaryText(tc.in); got != tc.want {
				t.Errorf("SummaryText(%#v) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestSummaryJSONShapes(t *testing.T) {
	tests := []struct {
		name string
		in   domain.Summary
		want string
	}{
		{"null", domain.Summary{}, `null`},
		{"legacy", domain.LegacySummary("texto"), `"texto"`},
		{"object with all seven keys", domain.StructuredSummary(domain.OperationalSummary{ResumoTexto: "r"}),
			`{"motivo_encerramento":"","servico_identificado":null,"segmento":"","pontos_chave":[],"dados_coletados":{},"proxima_acao":"","resumo_texto":"r"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if string(raw) != tc.want {
				t.Errorf("got  %s\nwant %s", raw, tc.want)
			}
			var back domain.Summary
			if err := json.Unmarshal(raw, &back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, tc.in) {
				t.Errorf("round trip = %#v, want %#v", back, tc.in)
			}
		})
	}
}

func TestSummaryRejectsOtherJSON(t *testing.T) {
	var s domain.Summary
	if err := json.Unmarshal([]byte(`42`), &s); err == nil {
		t.Error("a number is not a summary")
	}
}

// The admin API serves sessions as JSON: null fields are null, except
// handoff_customer_renotified_at, which the spec omits when null.
func TestSessionJSONShape(t *testing.T) {
	raw, err := json.MarshalIndent(domain.NewSession("sess-2", "+5511999990000", "instance_b", t0), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "session_new.api.golden.json", append(raw, '\n'))

	var fields map[string]any
	if err := json.Unmarshal(raw, &fields); err != nil {
		t.Fatal(err)
	}
	if _, ok := fields["handoff_customer_renotified_at"]; ok {
		t.Error("handoff_customer_renotified_at must be omitted when null")
	}
	for _, name := range []string{"current_agent", "segment", "intent", "closed_at", "assigned_to", "operational_summary", "erp_payload"} {
		if v, ok := fields[name]; !ok || v != nil {
			t.Errorf("%s = %v (present %v), want null", name, v, ok)
		}
	}
}
