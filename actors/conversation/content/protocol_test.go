package content_test

import (
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
)

// Every shipped prompt ends with its reply-format protocol, the part an
// owner's edit cannot change.
func TestEveryPromptFileHasItsProtocol(t *testing.T) {
	s, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	for _, agent := range []string{"TRIAGE", "QUALIFIER", "REGISTRAR", "SUMMARIZER"} {
		business, protocol := content.SplitPrompt(s.FilePrompt(agent))
		if strings.TrimSpace(business) == "" || !strings.HasPrefix(protocol, content.ProtocolHeading+"\n") ||
			strings.Count(protocol, content.ProtocolHeading) != 1 || !strings.Contains(protocol, "{\"") {
			t.Errorf("%s: business %d bytes, protocol %.60q", agent, len(business), protocol)
		}
	}
}

// A business part sent back with the protocol it was read with runs with
// the file's protocol once, never twice.
func TestWithProtocolKeepsOneProtocol(t *testing.T) {
	protocol := content.ProtocolHeading + "\nResponda em JSON.\n"
	for _, text := range []string{"Seja breve.", "Seja breve.\n\n" + protocol, "Seja breve.\n\n\n", "Seja breve.\n" + content.ProtocolHeading + "\nantigo"} {
		if got := content.WithProtocol(text, protocol); got != "Seja breve.\n\n"+protocol {
			t.Errorf("WithProtocol(%q) = %q", text, got)
		}
	}
}
