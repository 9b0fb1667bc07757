package domain

import (
	"strings"
	"unicode"
)

// DocumentDigits is a CPF or CNPJ as it is stored, looked up and sent to
// the CRM and the ERP: its digits and, since the alphanumeric CNPJ (IN RFB
// 2.229/2024, issued from July 2026: twelve characters 0-9 or A-Z, then two
// numeric check digits), its ASCII letters in upper case; punctuation, spaces
// and anything else are dropped. A text without a single digit is no
// document ("não informado" would otherwise key as NOINFORMADO) and yields "":
// every CPF and CNPJ, alphanumeric or not, ends in two digits.
func DocumentDigits(s string) string {
	if !strings.ContainsAny(s, "0123456789") {
		return ""
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z':
			return r
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		}
		return -1
	}, s)
}

// foldAccents maps the accented letters of Portuguese to their base letter.
var foldAccents = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ã", "a", "ä", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i",
	"ó", "o", "ò", "o", "ô", "o", "õ", "o", "ö", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ç", "c", "ñ", "n",
)

// NormalizeName is a name as the lookup keys it: lower case, without
// accents or punctuation, single spaces.
func NormalizeName(s string) string {
	s = foldAccents.Replace(strings.ToLower(s))
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return strings.Join(words, " ")
}
