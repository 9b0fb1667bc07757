package login

import (
	"encoding/base64"
	"strings"
	"testing"
)

// FuzzSessionID feeds arbitrary cookie values to the check that runs before
// any table lookup: it must never panic, and it must let through only the
// canonical encoding of 32 bytes (no other encoding of an ID, no junk to
// the table).
func FuzzSessionID(f *testing.F) {
	f.Add(NewSessionID())
	f.Add("")
	f.Add(".")
	f.Add("djF8KzU1MTE0MDAwMDAwMDF8OTk5OTk5OTk5OQ.AAAA")
	f.Add(strings.Repeat("A", 600))
	f.Fuzz(func(t *testing.T, value string) {
		if !ValidSessionID(value) {
			return
		}
		b, err := base64.RawURLEncoding.DecodeString(value)
		if err != nil || len(b) != sessionIDBytes || base64.RawURLEncoding.EncodeToString(b) != value {
			t.Fatalf("accepted %q, which is not the canonical encoding of %d bytes", value, sessionIDBytes)
		}
	})
}
