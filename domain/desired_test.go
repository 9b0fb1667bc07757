package domain_test

import (
	"math"
	"regexp"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

func TestRevisionIsCanonical(t *testing.T) {
	a := fullDesired()
	rev, err := domain.Revision(a)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(rev) {
		t.Fatalf("revision %q is not SHA-256 hex", rev)
	}

	// The same content built differently: typed maps and ints instead of the
	// generic values a decoded item holds.
	b := domain.Desired{
		Stage:    "qualified",
		Terminal: true,
		Contact:  map[string]any{"properties": map[string]string{"segmento": "residencial", "firstname": "Maria"}},
		Deal: map[string]any{
			"associations": []map[string]any{{"to": map[string]string{"id": "c-1"}}},
			"properties":   map[string]any{"dealname": "Solar - Maria"},
		},
	}
	if got, _ := domain.Revision(b); got != rev {
		t.Errorf("equal desired states have different revisions: %s vs %s", got, rev)
	}

	c := fullDesired()
	c.Stage = "won"
	if got, _ := domain.Revision(c); got == rev {
		t.Error("a different stage must change the revision")
	}

	if got, _ := domain.Revision(domain.Desired{}); got != mustRevision(t, domain.Desired{Contact: map[string]any{}, Deal: map[string]any{}}) {
		t.Error("nil and empty payloads must have the same revision")
	}
}

func TestRevisionRejectsUnencodableValues(t *testing.T) {
	if _, err := domain.Revision(domain.Desired{Deal: map[string]any{"x": math.NaN()}}); err == nil {
		t.Error("NaN must not hash")
	}
}

func mustRevision(t *testing.T, d domain.Desired) string {
	t.Helper()
	rev, err := domain.Revision(d)
	if err != nil {
		t.Fatal(err)
	}
	return rev
}
