package agent

import (
	"strings"
	"unicode/utf8"
)

// Bounds of the options an answer may offer. The platform shows at most 10
// choices in one message, so 20 leaves room for an answer that lists more
// (those go out as numbered text) without letting a runaway answer carry
// hundreds; a choice is a few words, and anything past 100 characters is
// prose the customer should read, not tap.
const (
	MaxOptions     = 20
	MaxOptionRunes = 100
)

// Options are the choices the answer offers the customer, from the object's
// "options" array, in order: the reply's text is sent with them as buttons
// or a list the customer taps, or numbered lines. Only strings count; each
// is trimmed with its inner whitespace (newlines included) collapsed to one
// space, because a button title is one line; a blank one, one longer than
// MaxOptionRunes, or a repeat of an earlier one (case-insensitive: a tap
// comes back as the title, so two equal titles could not be told apart) is
// left out, and past MaxOptions the rest are. It is nil when the answer
// offers none, or "options" is not an array.
func (p ParsedLLMResponse) Options() []string {
	raw, _ := p.JSONPart["options"].([]any)
	var out []string
	for _, v := range raw {
		s, ok := v.(string)
		if !ok {
			continue
		}
		s = strings.Join(strings.Fields(s), " ")
		if s == "" || utf8.RuneCountInString(s) > MaxOptionRunes || repeated(out, s) {
			continue
		}
		if out = append(out, s); len(out) == MaxOptions {
			break
		}
	}
	return out
}

func repeated(seen []string, s string) bool {
	for _, o := range seen {
		if strings.EqualFold(o, s) {
			return true
		}
	}
	return false
}
