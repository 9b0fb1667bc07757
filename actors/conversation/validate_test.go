package conversation_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation"
)

// cpfFrom completes a 9-digit base with its check digits, written out the way
// the Receita Federal describes it (weights 10..2, then 11..2), independently of
// the package's implementation.
func cpfFrom(base string) string {
	digit := func(s string, top int) string {
		sum := 0
		for i, c := range s {
			sum += int(c-'0') * (top - i)
		}
		d := 11 - sum%11
		if d >= 10 {
			d = 0
		}
		return strconv.Itoa(d)
	}
	d1 := digit(base, 10)
	return base + d1 + digit(base+d1, 11)
}

// cnpjFrom completes a 12-character base (8 root + 4 branch characters,
// digits or upper-case letters) with its check digits (weights 5..2,9..2,
// then 6..2,9..2; each character worth its ASCII code minus 48).
func cnpjFrom(base string) string {
	digit := func(s string) string {
		sum, w := 0, len(s)-7
		for _, c := range s {
			if w < 2 {
				w = 9
			}
			sum += int(c-'0') * w
			w--
		}
		d := 11 - sum%11
		if d >= 10 {
			d = 0
		}
		return strconv.Itoa(d)
	}
	d1 := digit(base)
	return base + d1 + digit(base+d1)
}

func formatCPF(d string) string { return d[:3] + "." + d[3:6] + "." + d[6:9] + "-" + d[9:] }
func formatCNPJ(d string) string {
	return d[:2] + "." + d[2:5] + "." + d[5:8] + "/" + d[8:12] + "-" + d[12:]
}

// flipLast changes the last check digit, keeping the length.
func flipLast(d string) string {
	last := (d[len(d)-1]-'0'+1)%10 + '0'
	return d[:len(d)-1] + string(last)
}

func TestGeneratorsAgreeWithPublishedExamples(t *testing.T) {
	// Widely published valid examples, to prove the test's own generators.
	if got := cpfFrom("529982247"); got != "52998224725" {
		t.Errorf("cpfFrom = %s, want 52998224725", got)
	}
	if got := cnpjFrom("112223330001"); got != "11222333000181" {
		t.Errorf("cnpjFrom = %s, want 11222333000181", got)
	}
	if got := cnpjFrom("12ABC34501DE"); got != "12ABC34501DE35" {
		t.Errorf("cnpjFrom = %s, want 12ABC34501DE35", got)
	}
}

// The Receita Federal's example of an alphanumeric CNPJ, worked by hand.
// Values (ASCII - 48) of 1 2 A B C 3 4 5 0 1 D E: 1 2 17 18 19 3 4 5 0 1 20 21.
// First digit, weights 5 4 3 2 9 8 7 6 5 4 3 2:
// 5+8+51+36+171+24+28+30+0+4+60+42 = 459; 459 mod 11 = 8; 11-8 = 3.
// Second digit, weights 6 5 4 3 2 9 8 7 6 5 4 3 2 over the base and the 3:
// 6+10+68+54+38+27+32+35+0+5+80+63+6 = 424; 424 mod 11 = 6; 11-6 = 5.
func TestAlphanumericCNPJ(t *testing.T) {
	for _, in := range []string{"12.ABC.345/01DE-35", "12ABC34501DE35", "12.abc.345/01de-35", " 12 AbC 345 01dE 35 "} {
		doc, kind, ok := conversation.NormalizeDocument(in)
		if doc != "12ABC34501DE35" || kind != conversation.CNPJ || !ok {
			t.Errorf("NormalizeDocument(%q) = %q, %q, %v; want 12ABC34501DE35, CNPJ", in, doc, kind, ok)
		}
	}
}

func TestNormalizeDocument(t *testing.T) {
	type row struct {
		in     string
		digits string
		kind   conversation.DocumentKind
	}
	var tests []row
	for _, base := range []string{"529982247", "123456789", "000000001", "987654321", "111444777"} {
		d := cpfFrom(base)
		tests = append(tests,
			row{d, d, conversation.CPF},
			row{formatCPF(d), d, conversation.CPF},
			row{" " + formatCPF(d) + " ", d, conversation.CPF},
			row{flipLast(d), "", ""},
			row{formatCPF(flipLast(d)), "", ""},
		)
	}
	for _, base := range []string{"112223330001", "191000000001", "000000000001", "604361560001", "123456780002"} {
		d := cnpjFrom(base)
		tests = append(tests,
			row{d, d, conversation.CNPJ},
			row{formatCNPJ(d), d, conversation.CNPJ},
			row{flipLast(d), "", ""},
			row{formatCNPJ(flipLast(d)), "", ""},
		)
	}
	for _, same := range "0123456789" {
		for _, n := range []int{11, 14} {
			s := ""
			for range n {
				s += string(same)
			}
			tests = append(tests, row{s, "", ""})
		}
	}
	for _, base := range []string{"12ABC34501DE", "ABCDEFGH0001", "00000000000A", "Z1Y2X3W4V5U6"} {
		d := cnpjFrom(base)
		tests = append(tests,
			row{d, d, conversation.CNPJ},
			row{formatCNPJ(d), d, conversation.CNPJ},
			row{strings.ToLower(formatCNPJ(d)), d, conversation.CNPJ},
			row{flipLast(d), "", ""},
			row{d[:12] + "A" + d[13:], "", ""}, // a letter among the check digits
		)
	}
	tests = append(tests,
		row{"AAAAAAAAAAAAAA", "", ""},
		row{"12.ÁBC.345/01DE-35", "", ""}, // a letter outside A-Z
		row{"5299822472A", "", ""},        // a CPF has no letters
		row{"", "", ""},
		row{"5299822472", "", ""},     // 10 digits
		row{"529982247250", "", ""},   // 12 digits
		row{"529.982.247-2a", "", ""}, // a letter
		row{"CPF 529.982.247-25", "", ""},
	)
	for _, tt := range tests {
		digits, kind, ok := conversation.NormalizeDocument(tt.in)
		if digits != tt.digits || kind != tt.kind || ok != (tt.digits != "") {
			t.Errorf("NormalizeDocument(%q) = %q, %q, %v; want %q, %q", tt.in, digits, kind, ok, tt.digits, tt.kind)
		}
		if got := conversation.ValidCPF(tt.in); got != (tt.kind == conversation.CPF) {
			t.Errorf("ValidCPF(%q) = %v", tt.in, got)
		}
		if got := conversation.ValidCNPJ(tt.in); got != (tt.kind == conversation.CNPJ) {
			t.Errorf("ValidCNPJ(%q) = %v", tt.in, got)
		}
	}
}

func TestNormalizeEmail(t *testing.T) {
	tests := []struct{ in, want string }{
		{"maria@exemplo.com.br", "maria@exemplo.com.br"},
		{"  Maria.Souza+propostas@Exemplo.COM ", "maria.souza+propostas@exemplo.com"},
		{"a_b-c@sub.dominio-x.io", "a_b-c@sub.dominio-x.io"},
		{"maria", ""},
		{"maria@", ""},
		{"@exemplo.com", ""},
		{"maria@exemplo", ""},
		{"maria@exemplo.c", ""},
		{"maria@exemplo.123", ""},
		{"maria souza@exemplo.com", ""},
		{"maria@@exemplo.com", ""},
		{"maria@exemplo..com", ""},
		{"maria@-exemplo.com", ""},
		{".maria@exemplo.com", ""},
		{"ma..ria@exemplo.com", ""},
		{"Maria <maria@exemplo.com>", ""},
		{"maria@exemplo.com.", ""},
	}
	for _, tt := range tests {
		got, ok := conversation.NormalizeEmail(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("NormalizeEmail(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

func TestNormalizePhone(t *testing.T) {
	tests := []struct{ in, want string }{
		{"(11) 98765-4321", "+5511987654321"},
		{"11987654321", "+5511987654321"},
		{"011 98765-4321", "+5511987654321"},
		{"+55 11 98765-4321", "+5511987654321"},
		{"5511987654321", "+5511987654321"},
		{"0055 11 98765 4321", "+5511987654321"},
		{"(19) 3251-1234", "+551932511234"},
		{"(11) 8876-5432", "+5511988765432"}, // a mobile without its ninth digit gets it
		{"+55 11 8876-5432", "+5511988765432"},
		{"+55 (55) 99123-4567", "+5555991234567"},
		{"+1 (415) 555-2671", "+14155552671"},
		{"+49 151 23456789", "+4915123456789"},
		{"0049 151 23456789", "+4915123456789"},
		{"(11) 88765-4321", ""}, // 9-digit number not starting with 9
		{"(11) 9876-543", ""},   // too short
		{"(10) 98765-4321", ""}, // area code with a zero
		{"(11) 1765-4321", ""},  // landline starting with 1
		{"+55 11 98765-43210", ""},
		{"4915123456789", ""}, // foreign number without + is ambiguous
		{"+0 123 4567", ""},
		{"+1234567", ""},
		{"fone: 11987654321", ""},
		{"11 98765+4321", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := conversation.NormalizePhone(tt.in)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("NormalizePhone(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

func ExampleNormalizeDocument() {
	digits, kind, ok := conversation.NormalizeDocument("11.222.333/0001-81")
	fmt.Println(digits, kind, ok)
	// Output: 11222333000181 CNPJ true
}

// FuzzNormalize checks that normal forms are fixed points: normalising a
// normalised document, e-mail or phone gives it back unchanged.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"529.982.247-25", "11.222.333/0001-81", "12.abc.345/01DE-35", "12ABC34501DE3A", "Maria@Exemplo.com", "(11) 98765-4321", "+1 415 555 2671", "0049 151 23456789"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d, kind, ok := conversation.NormalizeDocument(s); ok {
			if d2, kind2, ok2 := conversation.NormalizeDocument(d); !ok2 || d2 != d || kind2 != kind {
				t.Errorf("document %q -> %q -> %q", s, d, d2)
			}
			if !storedDocument(d, kind) {
				t.Errorf("document %q -> %q (%s): not 11 digits nor 12 of [0-9A-Z] and 2 digits", s, d, kind)
			}
			if d3, _, ok3 := conversation.NormalizeDocument(strings.ToLower(s)); !ok3 || d3 != d {
				t.Errorf("document %q valid but not in lower case: %q", s, d3)
			}
		}
		if e, ok := conversation.NormalizeEmail(s); ok {
			if e2, ok2 := conversation.NormalizeEmail(e); !ok2 || e2 != e {
				t.Errorf("e-mail %q -> %q -> %q", s, e, e2)
			}
		}
		if p, ok := conversation.NormalizePhone(s); ok {
			if p2, ok2 := conversation.NormalizePhone(p); !ok2 || p2 != p {
				t.Errorf("phone %q -> %q -> %q", s, p, p2)
			}
		}
	})
}

// storedDocument is the shape of a normalised document.
func storedDocument(d string, kind conversation.DocumentKind) bool {
	numeric := func(s string) bool { return strings.Trim(s, "0123456789") == "" }
	switch kind {
	case conversation.CPF:
		return len(d) == 11 && numeric(d)
	case conversation.CNPJ:
		return len(d) == 14 && strings.Trim(d[:12], "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" && numeric(d[12:])
	}
	return false
}
