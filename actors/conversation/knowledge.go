package conversation

import (
	"slices"
	"strings"
)

// askKnowledge is s=5: the model asks for knowledge packages before it
// answers. The packages it names that exist and are not injected yet are
// returned in Outcome.Enrich and recorded in collected_packages (so later
// turns keep them); nothing is sent. An answer that names no new package, or
// comes when the turn's bound (MaxEnrichments, counted in
// context_enrichment_count) is used up, would only loop: the turn falls back
// to EnrichmentExhausted.
func askKnowledge(t *transition) {
	s := &t.out.Session
	if s.ContextEnrichmentCount >= t.e.cfg.MaxEnrichments {
		t.exhausted("knowledge bound of %d per turn reached", t.e.cfg.MaxEnrichments)
		return
	}
	injected := append(slices.Clone(s.CollectedPackages), t.in.Packages...)
	var fresh []string
	for _, id := range packageIDs(t.answer.JSONPart["packages"]) {
		if _, err := t.e.content.Package(id); err != nil || slices.Contains(injected, id) {
			continue
		}
		fresh = append(fresh, id)
		injected = append(injected, id)
	}
	if len(fresh) == 0 {
		t.exhausted("s=5 names no knowledge package that exists and is not injected yet")
		return
	}
	s.CollectedPackages = append(s.CollectedPackages, fresh...)
	s.ContextEnrichmentCount++
	t.out.Enrich = fresh
}

// packageIDs reads the packages key: a list of IDs, or one ID as a string.
func packageIDs(v any) []string {
	var ids []string
	switch v := v.(type) {
	case string:
		ids = []string{v}
	case []any:
		for _, x := range v {
			if id, ok := x.(string); ok {
				ids = append(ids, id)
			}
		}
	}
	for i, id := range ids {
		ids[i] = strings.TrimSpace(id)
	}
	return ids
}

// exhausted ends the step with the enrichment fallback, keeping the reason
// for the log.
func (t *transition) exhausted(format string, args ...any) {
	t.refuse(format, args...)
	t.enrichmentFallback = true
}

// EnrichmentExhausted is the outcome of a turn whose model keeps asking for
// knowledge past the bound: a configured text admits the question stays open,
// and the conversation stays where it is. It is not a handoff: the customer's
// other needs can still be served, and the summary keeps the question for the
// consultant. In the silent states it sends nothing.
func (e *Engine) EnrichmentExhausted(in Input) Outcome {
	in.Session = e.resolveSubject(in)
	out := Outcome{Session: in.Session.Clone()}
	if !Silent(in.Session.State) {
		out.Reply = e.cfg.EnrichmentFallbackText
	}
	return out
}
