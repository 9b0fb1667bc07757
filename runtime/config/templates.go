package config

import (
	"encoding/json"
	"fmt"
	"strings"
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

// ParseTemplates reads MESSAGING_TEMPLATES: a JSON array of
// {"name", "language", "body"} objects, e.g.
// [{"name":"retomar_contato","language":"pt_BR","body":"Olá {{1}}, podemos continuar?"}].
// Name and language are required; a name and language pair is listed once.
func ParseTemplates(raw string) ([]MessagingTemplate, error) {
	var list []MessagingTemplate
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf(`is not a JSON array of {"name","language","body"} objects: %v`, err)
	}
	seen := map[string]bool{}
	for _, t := range list {
		if strings.TrimSpace(t.Name) == "" || strings.TrimSpace(t.Language) == "" {
			return nil, fmt.Errorf("every template needs a name and a language (e.g. pt_BR)")
		}
		key := t.Name + "/" + t.Language
		if seen[key] {
			return nil, fmt.Errorf("lists %s twice", key)
		}
		seen[key] = true
	}
	return list, nil
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
