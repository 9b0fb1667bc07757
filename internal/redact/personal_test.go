package redact_test

import (
	"testing"

	"github.com/intake-runtime/intake/internal/redact"
)

func TestPersonal(t *testing.T) {
	cases := []struct{ in, want string }{
		{"HTTP 409: Contact joana.v@example.com.br already exists", "HTTP 409: Contact [redacted] already exists"},
		{"CPF 529.982.247-25 já cadastrado", "CPF [redacted] já cadastrado"},
		{"CNPJ 11.222.333/0001-81 inválido", "CNPJ [redacted] inválido"},
		{"document 52998224725 exists for +5511988887777", "document …4725 exists for …7777"},
		{"HTTP 500: internal error (ref 12345)", "HTTP 500: internal error (ref 12345)"},
	}
	for _, tc := range cases {
		if got := redact.Personal(tc.in); got != tc.want {
			t.Errorf("Personal(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
