package persistence_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

func TestParseTimeAcceptsOlderFormats(t *testing.T) {
	want := time.Date(2024, 11, 2, 9, 15, 0, 250_000_000, time.UTC)
	for _, in := range []string{
		"2024-11-02T09:15:00.250000000Z",
		"2024-11-02T09:15:00.25Z",
		"2024-11-02T09:15:00.250000+00:00",
		"2024-11-02T06:15:00.25-03:00",
		"2024-11-02 09:15:00.250000+00:00",
		"2024-11-02T09:15:00.250000",
	} {
		got, err := persistence.ParseTime(in)
		if err != nil {
			t.Errorf("ParseTime(%q): %v", in, err)
			continue
		}
		if got != want {
			t.Errorf("ParseTime(%q) = %v, want %v", in, got, want)
		}
	}
	for _, bad := range []string{"yesterday", "0000-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"} {
		if got, err := persistence.ParseTime(bad); err == nil {
			t.Errorf("ParseTime(%q) = %v, want an error", bad, got)
		}
	}
}

func TestFormatTimeIsUTC(t *testing.T) {
	sp := time.FixedZone("BRT", -3*60*60)
	if got := persistence.FormatTime(time.Date(2025, 1, 1, 9, 0, 0, 0, sp)); got != "2025-01-01T12:00:00.000000000Z" {
		t.Errorf("FormatTime = %q", got)
	}
}
