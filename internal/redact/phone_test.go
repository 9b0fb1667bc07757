package redact_test

import (
	"testing"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/internal/redact"
)

func TestMaskPhone(t *testing.T) {
	cases := []struct{ in, want string }{
		{"+5511988887777", "…7777"},
		{"5511988887777", "…7777"},
		{"+55 11 98888-7777", "…7777"},
		{"1234", "1234"},
		{"not a phone", ""},
		{"", ""},
	}
	for _, tc := range cases {
		if got := redact.MaskPhone(tc.in); got != tc.want {
			t.Errorf("MaskPhone(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPhoneField(t *testing.T) {
	if f := redact.Phone("operator", "+5511400000001"); f.Key != "operator" || f.String != "…0001" || f.Type != zap.String("", "").Type {
		t.Errorf("Phone = %+v, want the string field operator=…0001", f)
	}
}

func TestPhones(t *testing.T) {
	cases := []struct{ in, want string }{
		{"memory: put SESSION#+5511988887777/META: conflict", "memory: put SESSION#…7777/META: conflict"},
		{"recipient 5511988887777 is not allowed", "recipient …7777 is not allowed"},
		{"HTTP 409: Existing ID: 12345 (attempt 2)", "HTTP 409: Existing ID: 12345 (attempt 2)"},
		{"two: +5511400000001, +5511400000002", "two: …0001, …0002"},
	}
	for _, tc := range cases {
		if got := redact.Phones(tc.in); got != tc.want {
			t.Errorf("Phones(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
