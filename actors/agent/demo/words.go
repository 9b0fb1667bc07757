package demo

import (
	"strings"

	"github.com/intake-runtime/intake/actors/conversation/content"
)

// The phrases the rules look for, as content.Fold keys (lower case, no
// accents, punctuation as spaces), matched as whole words.
var (
	// personWords ask for a human being.
	personWords = []string{"atendente", "uma pessoa", "alguem", "humano", "humana", "operador", "operadora",
		"person", "human", "someone"}
	// goodbyeWords end the conversation.
	goodbyeWords = []string{"tchau", "ate logo", "ate mais", "nao quero mais", "desisto", "bye", "goodbye"}
	// requestWords say the customer wants something: with no catalogue
	// service named, that something is out of portfolio.
	requestWords = []string{"quero", "queria", "preciso", "precisamos", "gostaria", "procuro", "procurando", "busco",
		"orcamento", "contratar", "voces fazem", "voces tem", "i want", "i need", "looking for"}
	// intentWords map phrases to the catalogue's intent IDs; the first match
	// wins, and orcamento is the default.
	intentWords = []struct{ intent, phrase string }{
		{"contratacao", "contratar"}, {"contratacao", "fechar"},
		{"informacao", "saber mais"}, {"informacao", "como funciona"}, {"informacao", "conhecer"}, {"informacao", "informac"},
	}
)

// has reports whether the folded text holds one of phrases as whole words.
func has(folded string, phrases ...string) bool {
	padded := " " + folded + " "
	for _, p := range phrases {
		if strings.Contains(padded, " "+p+" ") {
			return true
		}
	}
	return false
}

// hasPrefix reports whether a word of the folded text starts with prefix.
func hasPrefix(folded, prefix string) bool {
	return strings.HasPrefix(folded, prefix) || strings.Contains(folded, " "+prefix)
}

// findService returns the catalogue service the text names, by its name or
// an alias as whole words; the longest name found wins ("pesquisa de
// satisfação" over "pesquisa").
func findService(c content.Catalogue, folded string) (content.Service, bool) {
	var best content.Service
	longest := 0
	for _, s := range c.Services {
		for _, name := range append([]string{s.Name}, s.Aliases...) {
			key := content.Fold(name)
			if len(key) > longest && has(folded, key) {
				best, longest = s, len(key)
			}
		}
	}
	return best, longest > 0
}

// intentOf is the catalogue intent the text expresses, "" when the catalogue
// has none of ours.
func intentOf(c content.Catalogue, folded string) string {
	want := "orcamento"
	for _, w := range intentWords {
		if hasPrefix(folded, w.phrase) {
			want = w.intent
			break
		}
	}
	if i, ok := c.Intent(want); ok {
		return i.ID
	}
	return ""
}
