package domain_test

import (
	"testing"

	"github.com/intake-runtime/intake/domain"
)

func TestDocumentDigits(t *testing.T) {
	tests := []struct{ in, want string }{
		{"529.982.247-25", "52998224725"},
		{"11.222.333/0001-81", "11222333000181"},
		// The alphanumeric CNPJ keeps its letters, upper-cased, whatever
		// the case it was typed in.
		{"12.ABC.345/01DE-35", "12ABC34501DE35"},
		{"12.abc.345/01de-35", "12ABC34501DE35"},
		{" 12ABC34501DE35 ", "12ABC34501DE35"},
		// Letters outside A-Z are no part of a document.
		{"12.ÁBC.345/01DE-35", "12BC34501DE35"},
		// Without a digit it is no document at all.
		{"não informado", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := domain.DocumentDigits(tt.in); got != tt.want {
			t.Errorf("DocumentDigits(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
