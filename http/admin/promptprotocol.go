package admin

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/locale"
)

// The reply-format protocol of a prompt (its "## Formato da resposta"
// section, content.ProtocolHeading to the end of the file) is what the
// agents' answers are parsed against: an owner who rewords it breaks every
// conversation at once. So it is protected twice:
//
//   - the protocol the agent runs is always the file's: a stored prompt is
//     its business part, and the content store receives that part followed
//     by the file's protocol (content.WithProtocol). A prompt without the
//     section is therefore complete, and a release that changes the
//     protocol reaches every edited prompt;
//   - an edit that carries the section (a whole prompt sent back as it was
//     read) must carry it unchanged, line for line, and the business part
//     may not hold JSON answer examples of its own, which the model would
//     follow instead of the protocol's. Anything else is refused with
//     ProtocolBroken, naming the line at fault.
//
// Blank lines and trailing spaces do not count: editors and browsers change
// them without changing what the model reads.

// ProtocolBroken is an edit that changes the protected protocol; Reason
// says how, in both languages (the pages speak the owner's, the API
// English).
type ProtocolBroken struct{ Reason locale.Text }

func (e *ProtocolBroken) Error() string { return e.Reason.EN }

// checkProtocol refuses text when it changes the protocol of file (the
// agent's prompt file); a file without the section protects nothing.
func checkProtocol(text, file string) error {
	_, want := content.SplitPrompt(file)
	if want == "" {
		return nil
	}
	business, got := content.SplitPrompt(text)
	for _, line := range protocolLines(business) {
		if strings.HasPrefix(line, `{"`) {
			return broken("a parte editável traz um exemplo de resposta JSON, que só pode ficar na parte protegida: «%s»",
				"the editable part holds a JSON answer example, which belongs to the protected part only: “%s”", line)
		}
	}
	if got == "" {
		return nil
	}
	wantLines, gotLines := protocolLines(want), protocolLines(got)
	if slices.Equal(wantLines, gotLines) {
		return nil
	}
	if line, ok := firstMissing(wantLines, gotLines); ok {
		return broken("a parte protegida «Formato da resposta» perdeu esta linha: «%s»",
			"the protected “Formato da resposta” part lost this line: “%s”", line)
	}
	if line, ok := firstMissing(gotLines, wantLines); ok {
		return broken("a parte protegida «Formato da resposta» não pode ganhar esta linha: «%s»",
			"the protected “Formato da resposta” part cannot take this line: “%s”", line)
	}
	return broken("as linhas da parte protegida «Formato da resposta» mudaram de ordem%s",
		"the lines of the protected “Formato da resposta” part changed order%s", "")
}

// broken is a ProtocolBroken quoting line (cut to a readable length).
func broken(pt, en, line string) error {
	line = shorten(line, 120)
	return &ProtocolBroken{Reason: locale.Text{PT: fmt.Sprintf(pt, line), EN: fmt.Sprintf(en, line)}}
}

// protocolLines are the lines of s that the model reads: spaces around
// them and blank lines dropped.
func protocolLines(s string) []string {
	var lines []string
	for line := range strings.Lines(s) {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

// firstMissing is the first line of want that lines lacks.
func firstMissing(want, lines []string) (string, bool) {
	have := make(map[string]int, len(lines))
	for _, l := range lines {
		have[l]++
	}
	for _, l := range want {
		if have[l] == 0 {
			return l, true
		}
		have[l]--
	}
	return "", false
}

func shorten(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return string([]rune(s)[:max-1]) + "…"
}
