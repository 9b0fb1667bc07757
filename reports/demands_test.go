package reports_test

import (
	"testing"

	"github.com/intake-runtime/intake/reports"
)

// A signature keeps the words that say what the customer wants: case,
// accents, punctuation, order, repetition and filler words do not count.
func TestSignature(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"Conserto de GELADEIRA", "geladeira, conserto!"},
		{"Vocês fazem instalação de ar-condicionado?", "instalacao ar condicionado"},
		{"quero limpeza de sofá", "Limpeza sofa sofa"},
	} {
		if sa, sb := reports.Signature(c.a), reports.Signature(c.b); sa != sb {
			t.Errorf("Signature(%q) = %q, Signature(%q) = %q; want equal", c.a, sa, c.b, sb)
		}
	}
	if got := reports.Signature("Conserto de geladeira"); got != "conserto geladeira" {
		t.Errorf("Signature = %q", got)
	}
	if got := reports.Signature("oi, bom dia"); got != "" {
		t.Errorf("only filler words: %q, want empty", got)
	}
}
