package atendimento

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
)

// TemplateList is the approved templates the console offers, kept live:
// the owner edits them in /admin (the settings document "templates") and
// the next page or send reads the new list, without a restart. Until the
// first edit it is the seed, MESSAGING_TEMPLATES. It is safe for
// concurrent use.
type TemplateList struct {
	seed []Template
	mu   sync.RWMutex
	list []Template
}

// NewTemplateList returns a list holding seed.
func NewTemplateList(seed []Template) *TemplateList {
	return &TemplateList{seed: seed, list: seed}
}

// List returns the templates offered now; the caller may not change it.
func (l *TemplateList) List() []Template {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.list
}

// Set replaces the list; nil restores the seed.
func (l *TemplateList) Set(list []Template) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if list == nil {
		list = l.seed
	}
	l.list = list
}

// ParseTemplates reads a template list as MESSAGING_TEMPLATES writes it: a
// JSON array of {"name", "language", "body"} objects, e.g.
// [{"name":"retomar_contato","language":"pt_BR","body":"Olá {{1}}, podemos continuar?"}].
// Name and language are required; a name and language pair is listed once.
// The environment variable and the settings document share this rule, so
// a list the owner saves is one the server would start with.
func ParseTemplates(raw string) ([]Template, error) {
	var list []struct {
		Name     string `json:"name"`
		Language string `json:"language"`
		Body     string `json:"body"`
	}
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf(`is not a JSON array of {"name","language","body"} objects: %v`, err)
	}
	out := make([]Template, 0, len(list))
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
		out = append(out, Template{Name: t.Name, Language: t.Language, Body: t.Body})
	}
	return out, nil
}

// FormatTemplates writes list as ParseTemplates reads it.
func FormatTemplates(list []Template) string {
	type entry struct {
		Name     string `json:"name"`
		Language string `json:"language"`
		Body     string `json:"body"`
	}
	entries := make([]entry, len(list))
	for i, t := range list {
		entries[i] = entry(t)
	}
	b, _ := json.Marshal(entries) // strings only: cannot fail
	return string(b)
}

// templates are the templates offered now: the live list when the console
// has one, else Config.Templates.
func (c *Console) templates() []Template {
	if c.cfg.TemplateList != nil {
		return c.cfg.TemplateList.List()
	}
	return c.cfg.Templates
}
