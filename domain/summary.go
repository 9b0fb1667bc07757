package domain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// OperationalSummary is the structured human summary of a closed conversation,
// in its normalized form: exactly the spec's seven keys.
type OperationalSummary struct {
	MotivoEncerramento  string         `dynamodbav:"motivo_encerramento" json:"motivo_encerramento"`
	ServicoIdentificado NullString     `dynamodbav:"servico_identificado,nullempty" json:"servico_identificado"`
	Segmento            string         `dynamodbav:"segmento" json:"segmento"`
	PontosChave         []string       `dynamodbav:"pontos_chave" json:"pontos_chave"`
	DadosColetados      map[string]any `dynamodbav:"dados_coletados" json:"dados_coletados"`
	ProximaAcao         string         `dynamodbav:"proxima_acao" json:"proxima_acao"`
	ResumoTexto         string         `dynamodbav:"resumo_texto" json:"resumo_texto"`
}

// Normalize gives the list and the object their empty defaults, so a summary
// with missing keys still has all seven. Every encoding of a summary, in JSON
// here and in the table by persistence, writes it normalized.
func (o *OperationalSummary) Normalize() {
	if o.PontosChave == nil {
		o.PontosChave = []string{}
	}
	if o.DadosColetados == nil {
		o.DadosColetados = map[string]any{}
	}
}

// Summary is a session's operational_summary as stored: a structured summary,
// a plain string written by older releases, or null (the zero value). It
// (un)marshals from and to all three shapes in JSON; persistence stores the
// same three in the table.
type Summary struct {
	// Structured is the summary object; nil unless the summary is structured.
	Structured *OperationalSummary
	// Legacy is the plain-text summary of older releases.
	Legacy string
}

// StructuredSummary wraps a structured summary, normalized.
func StructuredSummary(o OperationalSummary) Summary {
	o.Normalize()
	return Summary{Structured: &o}
}

// LegacySummary wraps a plain-text summary.
func LegacySummary(text string) Summary { return Summary{Legacy: text} }

// MarshalJSON writes the object, the legacy string, or null.
func (s Summary) MarshalJSON() ([]byte, error) {
	switch {
	case s.Structured != nil:
		o := *s.Structured
		o.Normalize()
		return json.Marshal(o)
	case s.Legacy != "":
		return json.Marshal(s.Legacy)
	default:
		return []byte("null"), nil
	}
}

// UnmarshalJSON reads an object, a string or null.
func (s *Summary) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case bytes.Equal(data, []byte("null")):
		*s = Summary{}
		return nil
	case len(data) > 0 && data[0] == '"':
		var text string
		if err := json.Unmarshal(data, &text); err != nil {
			return err
		}
		*s = LegacySummary(text)
		return nil
	default:
		var o OperationalSummary
		if err := json.Unmarshal(data, &o); err != nil {
			return fmt.Errorf("operational_summary: %w", err)
		}
		*s = StructuredSummary(o)
		return nil
	}
}

// SummaryText is the spec's summary_text(): the human text of a summary given
// as an OperationalSummary (or pointer), a Summary (or pointer), a legacy
// string, a summary object decoded from JSON (map[string]any), or nil. Other
// values and null give "". A structured summary without resumo_texto falls
// back to its reason, key points and next action, one per line.
func SummaryText(v any) string {
	switch v := v.(type) {
	case string:
		return strings.TrimSpace(v)
	case OperationalSummary:
		return v.text()
	case *OperationalSummary:
		if v != nil {
			return v.text()
		}
	case Summary:
		if v.Structured != nil {
			return v.Structured.text()
		}
		return SummaryText(v.Legacy)
	case *Summary:
		if v != nil {
			return SummaryText(*v)
		}
	case map[string]any:
		var s Summary
		if data, err := json.Marshal(v); err == nil && s.UnmarshalJSON(data) == nil {
			return SummaryText(s)
		}
	}
	return ""
}

func (o OperationalSummary) text() string {
	if text := strings.TrimSpace(o.ResumoTexto); text != "" {
		return text
	}
	var lines []string
	if reason := strings.TrimSpace(o.MotivoEncerramento); reason != "" {
		lines = append(lines, reason)
	}
	for _, point := range o.PontosChave {
		if point = strings.TrimSpace(point); point != "" {
			lines = append(lines, "- "+point)
		}
	}
	if next := strings.TrimSpace(o.ProximaAcao); next != "" {
		lines = append(lines, next)
	}
	return strings.Join(lines, "\n")
}
