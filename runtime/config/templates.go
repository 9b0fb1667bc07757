package config

import (
	"strings"

	"github.com/intake-runtime/intake/http/atendimento"
)

// MessagingTemplate is one approved template of the business account the
// operator console offers once a customer's 24-hour window has closed. Body
// is its text as approved, with {{1}}, {{2}}… where the parameters go; the
// console asks the operator for one value per placeholder.
type MessagingTemplate struct {
	Name     string `json:"name"`
	Language string `json:"language"`
	Body     string `json:"body"`
}

// ParseTemplates reads MESSAGING_TEMPLATES by the console's rule
// (atendimento.ParseTemplates), which the templates edited in /admin
// follow too.
func ParseTemplates(raw string) ([]MessagingTemplate, error) {
	list, err := atendimento.ParseTemplates(raw)
	if err != nil {
		return nil, err
	}
	out := make([]MessagingTemplate, len(list))
	for i, t := range list {
		out[i] = MessagingTemplate{Name: t.Name, Language: t.Language, Body: t.Body}
	}
	return out, nil
}

// templates reads MESSAGING_TEMPLATES; empty keeps none.
func (r *reader) templates(name string, dst *[]MessagingTemplate) {
	v, ok := r.get(name)
	if !ok || strings.TrimSpace(v) == "" {
		return
	}
	list, err := ParseTemplates(v)
	if err != nil {
		r.fail(name, "%v", err)
		return
	}
	*dst = list
}
