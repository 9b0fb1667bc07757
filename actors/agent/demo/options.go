package demo

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
)

// yesNo are the options of a subject-change confirmation; a tap comes back
// as the title, which the conversation rules read as a plain yes or no.
var yesNo = []string{"Sim", "Não"}

// maxOptionRunes is the longest title a list row shows (the platform's 24
// characters): a service whose name is longer is offered by an alias that
// fits, since the rules match aliases as they match names.
const maxOptionRunes = 24

// serviceOptions offers the catalogue's services, each by its name, or its
// first alias that fits a list row, capitalised; a service with neither is
// offered by its name all the same (the reply then goes as numbered text).
func serviceOptions(c content.Catalogue) []string {
	out := make([]string, 0, len(c.Services))
	for _, s := range c.Services {
		out = append(out, shortName(s))
	}
	return out
}

func shortName(s content.Service) string {
	if utf8.RuneCountInString(s.Name) <= maxOptionRunes {
		return s.Name
	}
	for _, a := range s.Aliases {
		if a = strings.TrimSpace(a); a != "" && utf8.RuneCountInString(a) <= maxOptionRunes {
			r, size := utf8.DecodeRuneInString(a)
			return string(unicode.ToUpper(r)) + a[size:]
		}
	}
	return s.Name
}

// confirming reports whether the session waits for a subject change's yes
// or no.
func (t turn) confirming() bool {
	return t.facts[conversation.FactState] == string(domain.StateConfirmSubject)
}
