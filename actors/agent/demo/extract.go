package demo

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
)

var (
	emailPattern = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)
	// documentPattern finds runs of digits with the punctuation people type in
	// a CPF or CNPJ; extract keeps those of 11 or 14 digits.
	documentPattern = regexp.MustCompile(`\+?\d[\d./\- ]{9,19}\d`)
	// namePattern and cityPattern read "meu nome é Maria Souza", "moro em
	// Campinas" and their variants, up to punctuation or a digit.
	namePattern = regexp.MustCompile(`(?i)(?:meu nome (?:é|e)|me chamo|nome:|my name is)\s+([^,;.!?\n\d@]+)`)
	cityPattern = regexp.MustCompile(`(?i)(?:moro em|sou de|estou em|cidade:|cidade (?:é|e)|city:|i live in)\s+([^,;.!?\n\d@]+)`)
	// connectors end a name or city typed in the middle of a sentence
	// ("Maria Souza e meu CPF…").
	connectors = regexp.MustCompile(`(?i)\s+(?:e|and|meu|minha|my|cpf|cnpj|email|e-mail)\s.*$|\s+(?:e|and|meu|minha|my)$`)
)

// field is one registration field the registrar asks for, in order.
type field struct {
	key      string
	question string
	// cue is the folded phrase of question the rules recognise in the last
	// assistant message, to read a bare answer ("Maria Souza") as this field.
	cue string
}

// askFor are the fields asked one at a time: the three the rules require,
// then the city, asked once.
var askFor = []field{
	{conversation.KeyName, "Qual é o seu nome completo?", "nome completo"},
	{conversation.KeyDocument, "Qual é o seu CPF, ou o CNPJ da empresa?", "cpf ou o cnpj"},
	{conversation.KeyEmail, "Qual é o seu e-mail?", "seu e mail"},
	{conversation.KeyCity, "Em que cidade você está? (Se preferir não informar, é só dizer.)", "em que cidade"},
}

// extract reads the registration data in text: e-mail and CPF/CNPJ by
// pattern, name and city by their phrases, or the whole remaining text as the
// field asked last when it looks like a name.
func extract(text, asked string) map[string]any {
	out := map[string]any{}
	rest := text
	if m := emailPattern.FindString(rest); m != "" {
		out[conversation.KeyEmail] = m
		rest = strings.Replace(rest, m, " ", 1)
	}
	for _, m := range documentPattern.FindAllString(rest, -1) {
		if strings.HasPrefix(m, "+") { // a phone number in international form
			continue
		}
		if n := digits(m); n == 11 || n == 14 {
			out[conversation.KeyDocument] = strings.TrimSpace(m)
			rest = strings.Replace(rest, m, " ", 1)
			break
		}
	}
	for key, p := range map[string]*regexp.Regexp{conversation.KeyName: namePattern, conversation.KeyCity: cityPattern} {
		if m := p.FindStringSubmatch(rest); m != nil {
			if v := clean(m[1]); v != "" {
				out[key] = v
			}
		}
	}
	for _, f := range askFor {
		if f.key != conversation.KeyName && f.key != conversation.KeyCity || !strings.Contains(asked, f.cue) {
			continue
		}
		if v := clean(rest); len(out) == 0 && looksLikeName(rest) && v != "" {
			out[f.key] = v
		}
	}
	return out
}

func digits(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// clean trims a captured name or city of connectors and punctuation.
func clean(s string) string {
	s = connectors.ReplaceAllString(strings.TrimSpace(s), "")
	return strings.TrimFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

// looksLikeName accepts one to six words of letters (and ' . -), not a
// refusal or a question.
func looksLikeName(s string) bool {
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 6 || strings.ContainsAny(s, "?@") {
		return false
	}
	folded := content.Fold(s)
	if has(folded, "nao", "prefiro", "sim", "ok", "no", "yes") {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsSpace(r) && !strings.ContainsRune("'.-", r) {
			return false
		}
	}
	return true
}
