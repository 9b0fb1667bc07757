package demo

import (
	"slices"
	"strings"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation/content"
)

// question is what a customer asks about a service before giving data.
type question int

const (
	noQuestion question = iota
	priceQuestion
	durationQuestion
)

// The phrases of a price or a duration question, as content.Fold keys.
var (
	priceWords    = []string{"quanto custa", "quanto fica", "quanto sai", "quanto cobram", "preco", "precos", "valor", "valores", "custo", "custa", "how much", "price"}
	durationWords = []string{"prazo", "prazos", "quanto tempo", "demora", "demoram", "duracao", "how long"}
)

// asks reads the customer's question, if the text is one.
func asks(folded string) question {
	switch {
	case has(folded, priceWords...):
		return priceQuestion
	case has(folded, durationWords...):
		return durationQuestion
	}
	return noQuestion
}

// consult answers q about svc (nil: no service known yet) from the knowledge
// packages the request carries, as a model would: when the packages that can
// answer are not injected yet, need names them (ask with s=5, and the answer
// comes back on the next call); otherwise text is the knowledge's own
// sentences, or the catalogue's description when they say nothing.
func consult(t turn, c content.Catalogue, svc *content.Service, q question) (text string, need []string) {
	ids := sourcesOf(c, svc)
	for _, id := range ids {
		if !slices.ContainsFunc(t.packages, func(p agent.Package) bool { return p.ID == id }) {
			need = append(need, id)
		}
	}
	if len(need) > 0 {
		return "", need
	}
	var items []string
	for _, p := range t.packages {
		if slices.Contains(ids, p.ID) {
			items = append(items, bullets(p.Content)...)
		}
	}
	var found []string
	switch q {
	case priceQuestion:
		// The general rule on prices first, then the service's own range.
		found = first(matching(items, func(folded, _ string) bool { return has(folded, "preco") }))
		if svc != nil {
			name := content.Fold(svc.Name)
			found = append(found, matching(items, func(folded, raw string) bool {
				return has(folded, name) && strings.Contains(raw, "R$")
			})...)
		}
	case durationQuestion:
		found = matching(items, func(folded, _ string) bool { return has(folded, "prazo", "prazos") })
	}
	if len(found) == 0 && svc != nil && svc.Description != "" {
		found = []string{svc.Name + ": " + svc.Description}
	}
	if len(found) == 0 {
		return "Um consultor confirma valores e prazos na proposta, feita para o seu caso.", nil
	}
	return strings.Join(found, " "), nil
}

// sourcesOf are the knowledge packages that may answer about svc: its own,
// or, with no service known, those every service shares (the general ones,
// such as prices and terms).
func sourcesOf(c content.Catalogue, svc *content.Service) []string {
	if svc != nil {
		return svc.Packages
	}
	var shared []string
	for i, s := range c.Services {
		if i == 0 {
			shared = slices.Clone(s.Packages)
			continue
		}
		shared = slices.DeleteFunc(shared, func(id string) bool { return !slices.Contains(s.Packages, id) })
	}
	return shared
}

// bullets splits a knowledge text into its list items, each one sentence
// block with its continuation lines joined; headings, plain paragraphs and
// items that only introduce a sub-list (ending in ":") are left out.
func bullets(text string) []string {
	var out []string
	open := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "- "):
			out, open = append(out, strings.TrimSpace(line[2:])), true
		case line == "" || strings.HasPrefix(line, "#"):
			open = false
		case open:
			out[len(out)-1] += " " + line
		}
	}
	return slices.DeleteFunc(out, func(b string) bool { return strings.HasSuffix(b, ":") })
}

// matching are the items for which keep (given the item folded and as
// written) holds.
func matching(items []string, keep func(folded, raw string) bool) []string {
	var out []string
	for _, it := range items {
		if keep(content.Fold(it), it) {
			out = append(out, it)
		}
	}
	return out
}

// first is the first of items, if any.
func first(items []string) []string { return items[:min(1, len(items))] }
