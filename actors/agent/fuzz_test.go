package agent_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/intake-runtime/intake/actors/agent"
)

// FuzzParse checks that Parse never panics on model output, that a parse
// is stable (re-encoding JSONPart and appending Message gives an answer that
// parses back to the same S and Message) and that Options keeps its bounds
// whatever the answer holds. The seed corpus is in
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
		checkOptions(t, raw, p.Options())
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

// checkOptions fails t unless options keep Options' promises: at most
// MaxOptions, each one line, trimmed, non-blank, within MaxOptionRunes, none
// repeated.
func checkOptions(t *testing.T, raw string, options []string) {
	t.Helper()
	if len(options) > agent.MaxOptions {
		t.Fatalf("Parse(%q): %d options", raw, len(options))
	}
	for i, o := range options {
		if o == "" || o != strings.Join(strings.Fields(o), " ") || utf8.RuneCountInString(o) > agent.MaxOptionRunes {
			t.Fatalf("Parse(%q): option %q breaks the bounds", raw, o)
		}
		for _, earlier := range options[:i] {
			if strings.EqualFold(earlier, o) {
				t.Fatalf("Parse(%q): option %q repeated", raw, o)
			}
		}
	}
}
