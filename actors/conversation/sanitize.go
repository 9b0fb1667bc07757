package conversation

import (
	"regexp"
	"strings"
)

// Collected fields are shown to operators and written to the CRM and the ERP,
// whose pages may render them as HTML: a name typed as
// `<img src=x onerror=alert(1)>Maria` would run in someone else's browser. So
// every text a model reports in qualification_data or cadastral_data is
// sanitized before it is merged, once, here; the stores and the projection
// then hold nothing but plain text.

// markup matches an HTML tag, comment or declaration: "<" followed by a
// letter, "/", "!" or "?" up to the next ">" or the end of the text (a tag
// left open would still be read as one). A "<" before a space or a digit
// ("nota <5") is plain text and stays.
var markup = regexp.MustCompile(`<[A-Za-z/!?][^<>]*(?:>|$)`)

// sanitize returns s as plain text: markup removed (repeatedly, so removing
// one tag cannot assemble another: "<<b>img ...>"), tabs and line breaks
// turned into spaces, the other C0 and C1 control characters and DEL
// dropped, and the ends trimmed.
func sanitize(s string) string {
	for {
		stripped := markup.ReplaceAllString(s, "")
		if stripped == s {
			break
		}
		s = stripped
	}
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return ' '
		case r < 0x20 || r >= 0x7f && r <= 0x9f:
			return -1
		}
		return r
	}, s))
}
