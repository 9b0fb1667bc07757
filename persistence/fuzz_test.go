package persistence_test

import (
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

// Any timestamp ParseTime accepts must survive FormatTime unchanged.
func FuzzParseTime(f *testing.F) {
	for _, seed := range []string{
		"2024-11-02T09:15:00.250000+00:00", "2024-11-02 09:15:00", "2025-03-14T12:00:00.123456789Z", "garbage",
		"0000-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		parsed, err := persistence.ParseTime(s)
		if err != nil {
			return
		}
		again, err := persistence.ParseTime(persistence.FormatTime(parsed))
		if err != nil || !again.Equal(parsed) {
			t.Fatalf("%q parsed to %v, which reformats to %v (%v)", s, parsed, again, err)
		}
	})
}
