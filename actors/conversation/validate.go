package conversation

import (
	"strings"
	"unicode"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// Registration documents are checked here because a model's report proves
// nothing: a CPF or CNPJ with wrong check digits, or an e-mail without a
// domain, would reach the CRM and the ERP and be found only by a person. These
// functions are pure and accept the forms customers type: formatted
// ("529.982.247-25", "12.ABC.345/01DE-35") or bare ("52998224725"), in any
// case.

// DocumentKind tells which Brazilian tax document a number is.
type DocumentKind string

// The document kinds, by length: 11 digits is a person's CPF, 14 characters a
// company's CNPJ.
const (
	CPF  DocumentKind = "CPF"
	CNPJ DocumentKind = "CNPJ"
)

// NormalizeDocument returns a CPF or CNPJ as domain.DocumentDigits keeps it
// (the form stored, searched and projected) and its kind, when the check
// digits hold. A CPF is 11 digits. A CNPJ is 14 characters: 12 of base and
// branch, digits or (since the alphanumeric CNPJ of IN RFB 2.229/2024, issued
// from July 2026) letters A-Z in either case, then two numeric check digits;
// numeric CNPJs are the special case without letters. Punctuation (". / -")
// and spaces are ignored; any other character, a wrong length, or one
// repeated character (which passes the arithmetic but is never issued) makes
// it invalid.
func NormalizeDocument(s string) (string, DocumentKind, bool) {
	doc, ok := documentCharacters(s)
	if !ok || doc == "" || allSame(doc) {
		return "", "", false
	}
	switch {
	case len(doc) == 11 && numeric(doc) && checkDigits(doc[:9], cpfWeights) == doc[9:]:
		return doc, CPF, true
	case len(doc) == 14 && checkDigits(doc[:12], cnpjWeights) == doc[12:]:
		return doc, CNPJ, true
	}
	return "", "", false
}

// ValidCPF reports whether s is a CPF with valid check digits.
func ValidCPF(s string) bool {
	_, kind, ok := NormalizeDocument(s)
	return ok && kind == CPF
}

// ValidCNPJ reports whether s is a CNPJ with valid check digits.
func ValidCNPJ(s string) bool {
	_, kind, ok := NormalizeDocument(s)
	return ok && kind == CNPJ
}

// cpfWeights and cnpjWeights are the modulo-11 weights of the second check
// digit; the first check digit uses their tail over the base alone.
var (
	cpfWeights  = []int{11, 10, 9, 8, 7, 6, 5, 4, 3, 2}
	cnpjWeights = []int{6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2}
)

// checkDigits computes the two modulo-11 check digits of base. weights holds
// the weights of the second digit; the first digit uses its tail.
func checkDigits(base string, weights []int) string {
	first := mod11(base, weights[1:])
	second := mod11(base+string(first), weights)
	return string([]byte{first, second})
}

// mod11 is one check digit. Each character is worth its ASCII code minus 48,
// the Receita Federal's rule for the alphanumeric CNPJ: '0'..'9' are 0..9 as
// always, 'A' is 17, 'B' 18, ... 'Z' 42. The result is always a digit.
func mod11(base string, weights []int) byte {
	sum := 0
	for i := range len(base) {
		sum += int(base[i]-'0') * weights[i]
	}
	r := sum % 11
	if r < 2 {
		return '0'
	}
	return byte('0' + 11 - r)
}

// documentCharacters checks that s holds only what people type in a
// document (digits, letters of an alphanumeric CNPJ, ". / -" and spaces) and
// returns it in the stored form of domain.DocumentDigits.
func documentCharacters(s string) (string, bool) {
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		case r == '.' || r == '-' || r == '/' || r == ' ':
		default:
			return "", false
		}
	}
	return domain.DocumentDigits(s), true
}

func numeric(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

func allSame(doc string) bool {
	return strings.Count(doc, doc[:1]) == len(doc)
}

// NormalizeEmail trims and lower-cases an e-mail address and reports whether it
// has the shape of a deliverable address: one local part without spaces, one
// "@", and a domain of at least two dot-separated labels of letters, digits and
// hyphens, ending in an alphabetic top-level domain. It does not look the
// domain up: validation stays pure.
func NormalizeEmail(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || len(s) > 254 || strings.ContainsAny(local, " \t\"(),:;<>[]\\@") ||
		strings.HasPrefix(local, ".") || strings.HasSuffix(local, ".") || strings.Contains(local, "..") {
		return "", false
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return "", false
	}
	for _, l := range labels {
		if !domainLabel(l) {
			return "", false
		}
	}
	tld := labels[len(labels)-1]
	if len(tld) < 2 || strings.IndexFunc(tld, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		return "", false
	}
	return s, true
}

func domainLabel(l string) bool {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for _, r := range l {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// NormalizePhone turns a phone number as a customer types it into the form
// the webhook gives senders: "+" followed by digits (E.164). Numbers written
// with "+" or an international "00" prefix keep their country code; others are
// Brazilian national numbers (area code and number, an optional trunk "0"),
// which get country code 55. Brazilian numbers must have a two-digit area code
// without zeros and either a landline (8 digits, first 2-5) or a mobile
// number (9 digits, first 9, or its older 8-digit form, first 6-9, which is
// given its ninth digit: one person, one number, as messaging.CanonicalPhone
// makes of the platform's senders).
func NormalizePhone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	international := strings.HasPrefix(s, "+")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && b.Len() == 0 && international, strings.ContainsRune(" -().", r):
		default:
			return "", false
		}
	}
	digits := b.String()
	if !international && strings.HasPrefix(digits, "00") {
		international, digits = true, digits[2:]
	}
	if !international {
		digits = strings.TrimPrefix(digits, "0")
		if len(digits) == 10 || len(digits) == 11 {
			digits = "55" + digits
		}
		international = strings.HasPrefix(digits, "55")
	}
	switch {
	case !international:
		return "", false
	case strings.HasPrefix(digits, "55"):
		if !brazilianNational(digits[2:]) {
			return "", false
		}
	case len(digits) < 8 || len(digits) > 15 || digits[0] == '0':
		return "", false
	}
	return messaging.CanonicalPhone("+" + digits), true
}

func brazilianNational(n string) bool {
	if len(n) != 10 && len(n) != 11 || n[0] == '0' || n[1] == '0' {
		return false
	}
	local := n[2:]
	if len(local) == 9 {
		return local[0] == '9'
	}
	return local[0] >= '2' && local[0] <= '9'
}
