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
	// alphanumericCNPJ finds a CNPJ with letters (IN RFB 2.229/2024, from
	// July 2026) in its usual shape, "12.ABC.345/01DE-35" or bare, any case:
	// twelve letters or digits, then the two check digits.
	alphanumericCNPJ = regexp.MustCompile(`(?i)\b[0-9a-z]{2}\.?[0-9a-z]{3}\.?[0-9a-z]{3}/?[0-9a-z]{4}-?\d{2}\b`)
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
	if m := findDocument(rest); m != "" {
		out[conversation.KeyDocument] = strings.TrimSpace(m)
		rest = strings.Replace(rest, m, " ", 1)
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

// findDocument returns the first run of text shaped like a CPF or CNPJ (11
// or 14 digits with their punctuation), else the first alphanumeric CNPJ,
// else "". Its check digits are the rules' business, not the demo's.
func findDocument(text string) string {
	for _, m := range documentPattern.FindAllString(text, -1) {
		if strings.HasPrefix(m, "+") { // a phone number in international form
			continue
		}
		if n := digits(m); n == 11 || n == 14 {
			return m
		}
	}
	for _, m := range alphanumericCNPJ.FindAllString(text, -1) {
		if strings.ContainsAny(m, "0123456789") && strings.IndexFunc(m, unicode.IsLetter) >= 0 {
			return m
		}
	}
	return ""
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
