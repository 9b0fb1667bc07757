package admin_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/admin"
)

// The reply-format protocol of a prompt is protected: an edit may rewrite
// the business part, or send the whole prompt back with the protocol as it
// is; one that changes the protocol is refused with the line at fault, and
// what the agent runs is always the edit followed by the file's protocol.
func TestPromptEditsKeepTheProtocol(t *testing.T) {
	f := newFixture(t, admin.Config{})
	file := f.content.FilePrompt("TRIAGE")
	business, protocol := content.SplitPrompt(file)
	if protocol == "" || !strings.HasPrefix(protocol, content.ProtocolHeading) {
		t.Fatalf("TRIAGE.md has no protocol section")
	}
	firstLine := strings.SplitN(protocol, "\n", 3)[1]
	lastExample := `{"s": 5, "qualification_data": {}, "packages": ["precos-prazos"]}`
	if !strings.Contains(protocol, lastExample) {
		t.Fatalf("the TRIAGE protocol lacks %s", lastExample)
	}
	// reordered moves the last example to the top of the section.
	reordered := strings.Replace(strings.TrimSuffix(strings.TrimRight(protocol, "\n"), lastExample),
		content.ProtocolHeading+"\n", content.ProtocolHeading+"\n"+lastExample+"\n", 1)
	rewritten := strings.Replace(business, "tom cordial e profissional", "tom descontraído", 1)

	accepted := map[string]string{
		"business part only":                  "Você é a triagem da Padaria Sol. Seja breve.",
		"the whole file unchanged":            file,
		"business reworded, protocol as read": rewritten + protocol,
		"line endings and blank lines":        rewritten + strings.ReplaceAll(protocol, "\n", "\r\n\r\n"),
		"trailing spaces in the protocol":     rewritten + strings.ReplaceAll(protocol, "\n", "  \n"),
		"a protocol heading in passing":       "Siga o " + content.ProtocolHeading + " abaixo.",
	}
	for name, text := range accepted {
		t.Run("accepts "+name, func(t *testing.T) {
			status, body := f.do("PUT", "/admin/api/prompts/TRIAGE", `{"text": `+strconv.Quote(text)+`}`, nil)
			if status != 201 {
				t.Fatalf("PUT = %d %s", status, body)
			}
			got := f.content.Prompt("TRIAGE")
			if !strings.HasSuffix(got, protocol) || strings.Count(got, content.ProtocolHeading+"\n") != 1 {
				t.Errorf("the agent runs %.200q…, not the edit followed by the file's protocol once", got)
			}
		})
	}

	refused := []struct {
		name, text, reason string
	}{
		{"an example removed", rewritten + strings.Replace(protocol, lastExample, "", 1),
			"the protected “Formato da resposta” part lost this line: “" + lastExample + "”"},
		{"an instruction reworded", rewritten + strings.Replace(protocol, firstLine, "Responda como quiser.", 1),
			"the protected “Formato da resposta” part lost this line: “" + firstLine + "”"},
		{"a key renamed in an example", rewritten + strings.Replace(protocol, `"packages"`, `"pacotes"`, 1),
			"the protected “Formato da resposta” part lost this line: “" + lastExample + "”"},
		{"a line added", rewritten + protocol + "\nPode responder em texto livre.",
			"the protected “Formato da resposta” part cannot take this line: “Pode responder em texto livre.”"},
		{"the heading repeated", rewritten + protocol + "\n" + content.ProtocolHeading,
			"the protected “Formato da resposta” part cannot take this line: “## Formato da resposta”"},
		{"the examples reordered", rewritten + reordered,
			"the lines of the protected “Formato da resposta” part changed order"},
		{"a JSON example of its own", "Responda assim:\n{\"s\": 0} Olá!",
			"the editable part holds a JSON answer example, which belongs to the protected part only: “{\"s\": 0} Olá!”"},
	}
	for _, tt := range refused {
		t.Run("refuses "+tt.name, func(t *testing.T) {
			before := f.content.Prompt("TRIAGE")
			status, body := f.do("PUT", "/admin/api/prompts/TRIAGE", `{"text": `+strconv.Quote(tt.text)+`}`, nil)
			e := errorOf(t, body)
			if status != 422 || e.Code != "protocol_broken" || e.Message != tt.reason {
				t.Errorf("PUT = %d %s %q, want 422 protocol_broken %q", status, e.Code, e.Message, tt.reason)
			}
			if f.content.Prompt("TRIAGE") != before {
				t.Error("a refused edit reached the agent")
			}
		})
	}
}
