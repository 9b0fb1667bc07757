package domain

import "slices"

// Clone returns a deep copy of s: its data maps (nested objects and lists
// included), package list, structured summary and time pointers are copied,
// so the copy shares nothing mutable with s. A message may carry it to
// another actor, and a rule may change it without touching the caller's.
// Like a session NewSession or persistence's DecodeSession returns, the copy's
// qualification_data, cadastral_data and collected_packages are never nil,
// so they can be written to at once.
func (s Session) Clone() Session {
	s.QualificationData = cloneMap(s.QualificationData)
	s.CadastralData = cloneMap(s.CadastralData)
	if s.QualificationData == nil {
		s.QualificationData = map[string]any{}
	}
	if s.CadastralData == nil {
		s.CadastralData = map[string]any{}
	}
	s.CollectedPackages = append([]string{}, s.CollectedPackages...)
	s.Labels = slices.Clone(s.Labels)
	s.ERPPayload = cloneMap(s.ERPPayload)
	s.CRMPayload = cloneMap(s.CRMPayload)
	if o := s.OperationalSummary.Structured; o != nil {
		copied := *o
		copied.PontosChave = slices.Clone(o.PontosChave)
		copied.DadosColetados = cloneMap(o.DadosColetados)
		s.OperationalSummary.Structured = &copied
	}
	s.ClosedAt = clonePointer(s.ClosedAt)
	s.HandoffAt = clonePointer(s.HandoffAt)
	s.HandoffRenotifiedAt = clonePointer(s.HandoffRenotifiedAt)
	s.HandoffCustomerRenotifiedAt = clonePointer(s.HandoffCustomerRenotifiedAt)
	s.CSATAskedAt = clonePointer(s.CSATAskedAt)
	s.CSATAnsweredAt = clonePointer(s.CSATAnsweredAt)
	s.CSATCommentAt = clonePointer(s.CSATCommentAt)
	s.AssignedAt = clonePointer(s.AssignedAt)
	s.AssignmentPassed = slices.Clone(s.AssignmentPassed)
	s.SearchKeys = slices.Clone(s.SearchKeys)
	s.Milestones = s.Milestones.clone()
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

func clonePointer[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
