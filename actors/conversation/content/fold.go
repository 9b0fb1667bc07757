package content

import (
	"strings"
	"unicode"
)

// Fold is the comparison key of free text typed by people or models: lower
// case, Portuguese accents removed, punctuation turned into spaces, runs of
// spaces collapsed. "Pesquisa de Satisfação" and "pesquisa de satisfacao!"
// fold to the same key, so a model that drops an accent still names a
// catalogue service.
func Fold(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if base, ok := unaccented[r]; ok {
			r = base
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unaccented maps the accented lower-case letters of Portuguese (and the few
// Spanish and French ones customers type) to their base letter.
var unaccented = map[rune]rune{
	'á': 'a', 'à': 'a', 'â': 'a', 'ã': 'a', 'ä': 'a',
	'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e',
	'í': 'i', 'ì': 'i', 'î': 'i', 'ï': 'i',
	'ó': 'o', 'ò': 'o', 'ô': 'o', 'õ': 'o', 'ö': 'o',
	'ú': 'u', 'ù': 'u', 'û': 'u', 'ü': 'u',
	'ç': 'c', 'ñ': 'n',
}
