package atendimento

import (
	"strings"
	"testing"
	"time"
)

// FuzzCookieOpen feeds arbitrary cookie values to the session check, which
// reads them straight from requests: it must never panic, and it must accept
// nothing but the one cookie the signer made (no other encoding of it
// either).
func FuzzCookieOpen(f *testing.F) {
	s := cookieSigner{key: []byte("0123456789abcdef0123456789abcdef")}
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	valid := s.sign("+5511400000001", now.Add(time.Hour))
	f.Add(valid)
	f.Add("")
	f.Add(".")
	f.Add("djF8KzU1MTE0MDAwMDAwMDF8OTk5OTk5OTk5OQ.AAAA")
	f.Add(strings.Repeat("A", 600) + "." + strings.Repeat("B", 40))
	f.Fuzz(func(t *testing.T, value string) {
		phone, ok := s.open(value, now)
		if ok && (value != valid || phone != "+5511400000001") {
			t.Fatalf("accepted %q as %q; only the signed cookie is valid", value, phone)
		}
	})
}
