package agent_test

import (
	"encoding/json"
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
)

// FuzzParse checks that Parse never panics on model output and that a parse
// is stable: re-encoding JSONPart and appending Message gives an answer that
// parses back to the same S and Message. The seed corpus is in
// testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		p, err := agent.Parse(raw)
		if err != nil {
			return
		}
		if p.QualificationData() == nil {
			t.Fatalf("Parse(%q): nil qualification_data", raw)
		}
		b, err := json.Marshal(p.JSONPart)
		if err != nil {
			t.Fatalf("Parse(%q): JSONPart does not marshal: %v", raw, err)
		}
		again, err := agent.Parse(string(b) + " " + p.Message)
		if err != nil {
			t.Fatalf("Parse(%q) = %+v, but its re-encoding fails: %v", raw, p, err)
		}
		if again.S != p.S || again.Message != p.Message {
			t.Fatalf("Parse(%q) = (%d, %q), re-encoded = (%d, %q)", raw, p.S, p.Message, again.S, again.Message)
		}
	})
}
