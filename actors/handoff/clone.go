package handoff

import (
	"slices"

	"github.com/intake-runtime/intake/persistence"
)

// cloneSession copies the parts of s that are references (data maps, lists,
// the structured summary and time pointers), so a message carrying the copy
// shares no mutable state with the actor that sent it.
func cloneSession(s persistence.Session) persistence.Session {
	s.QualificationData = cloneMap(s.QualificationData)
	s.CadastralData = cloneMap(s.CadastralData)
	s.ERPPayload = cloneMap(s.ERPPayload)
	s.CRMPayload = cloneMap(s.CRMPayload)
	s.CollectedPackages = slices.Clone(s.CollectedPackages)
	if o := s.OperationalSummary.Structured; o != nil {
		copied := *o
		copied.PontosChave = slices.Clone(o.PontosChave)
		copied.DadosColetados = cloneMap(o.DadosColetados)
		s.OperationalSummary.Structured = &copied
	}
	s.ClosedAt = cloneTime(s.ClosedAt)
	s.HandoffAt = cloneTime(s.HandoffAt)
	s.HandoffRenotifiedAt = cloneTime(s.HandoffRenotifiedAt)
	s.HandoffCustomerRenotifiedAt = cloneTime(s.HandoffCustomerRenotifiedAt)
	return s
}

func cloneMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = cloneValue(v)
	}
	return out
}

// cloneValue deep-copies the JSON-like values the data maps hold.
func cloneValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		return cloneMap(v)
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = cloneValue(e)
		}
		return out
	case []string:
		return slices.Clone(v)
	default:
		return v
	}
}

func cloneTime[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
