package conversation

import (
	"strings"
	"unicode"
)

// Registration documents are checked here because the model's claim that data
// is "complete" (s=2) proves nothing: a CPF or CNPJ with wrong check digits,
// or an e-mail without a domain, would reach the CRM and the ERP and be found
// only by a person. These functions are pure and accept the forms customers
// type: formatted ("529.982.247-25") or bare ("52998224725").

// DocumentKind tells which Brazilian tax document a number is.
type DocumentKind string

// The document kinds, by digit count: 11 digits is a person's CPF, 14 digits a
// company's CNPJ.
const (
	CPF  DocumentKind = "CPF"
	CNPJ DocumentKind = "CNPJ"
)

// NormalizeDocument returns the digits of a CPF or CNPJ and its kind when the
// check digits hold. Punctuation and spaces are ignored; any other character,
// a wrong length, or a sequence of one repeated digit (which passes the
// arithmetic but is never issued) makes it invalid.
func NormalizeDocument(s string) (string, DocumentKind, bool) {
	digits, ok := documentDigits(s)
	if !ok || (len(digits) != 11 && len(digits) != 14) || allSame(digits) {
		return "", "", false
	}
	switch len(digits) {
	case 11:
		if checkDigits(digits[:9], cpfWeights) == digits[9:] {
			return digits, CPF, true
		}
	case 14:
		if checkDigits(digits[:12], cnpjWeights) == digits[12:] {
			return digits, CNPJ, true
		}
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

// cpfWeights and cnpjWeights are the modulo-11 weights of the first check
// digit; the second check digit uses one more leading weight (11 for CPF, 6
// for CNPJ) over the base plus the first check digit.
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

func mod11(digits string, weights []int) byte {
	sum := 0
	for i := range len(digits) {
		sum += int(digits[i]-'0') * weights[i]
	}
	r := sum % 11
	if r < 2 {
		return '0'
	}
	return byte('0' + 11 - r)
}

// documentDigits keeps the digits of s, allowing only the separators people
// type in documents.
func documentDigits(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '.' || r == '-' || r == '/' || r == ' ':
		default:
			return "", false
		}
	}
	return b.String(), true
}

func allSame(digits string) bool {
	return strings.Count(digits, digits[:1]) == len(digits)
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
// number (9 digits, first 9).
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
	return "+" + digits, true
}

func brazilianNational(n string) bool {
	if len(n) != 10 && len(n) != 11 || n[0] == '0' || n[1] == '0' {
		return false
	}
	local := n[2:]
	if len(local) == 9 {
		return local[0] == '9'
	}
	return local[0] >= '2' && local[0] <= '5'
}
