package businesshours_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/businesshours"
)

// OpenBetween counts only the open minutes: a wait that spans a night, a
// weekend or a holiday counts what the business could have answered in.
func TestOpenBetweenCountsOnlyOpenTime(t *testing.T) {
	week, err := businesshours.Parse("mon-fri 08:00-12:00 13:00-18:00; sat 08:00-12:00", saoPaulo)
	if err != nil {
		t.Fatal(err)
	}
	// Wednesday 2026-11-25 is a holiday in these hours.
	holiday, err := week.WithHolidays([]businesshours.Holiday{{Date: "2026-11-25"}}, saoPaulo)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		hours businesshours.Hours
		a, b  time.Time
		want  time.Duration
	}{
		{"inside one window", week, sp("2026-11-23", "09:00"), sp("2026-11-23", "09:30"), 30 * time.Minute},
		{"over lunch", week, sp("2026-11-23", "11:30"), sp("2026-11-23", "13:30"), time.Hour},
		{"overnight", week, sp("2026-11-23", "17:30"), sp("2026-11-24", "08:30"), time.Hour},
		{"both while closed", week, sp("2026-11-23", "19:00"), sp("2026-11-23", "23:00"), 0},
		{"over the weekend", week, sp("2026-11-27", "17:00"), sp("2026-11-30", "09:00"), time.Hour + 4*time.Hour + time.Hour},
		{"across a holiday", holiday, sp("2026-11-24", "17:00"), sp("2026-11-26", "09:00"), 2 * time.Hour},
		{"the same without it", week, sp("2026-11-24", "17:00"), sp("2026-11-26", "09:00"), 11 * time.Hour},
		{"a after b", week, sp("2026-11-23", "10:00"), sp("2026-11-23", "09:00"), 0},
		{"a equals b", week, sp("2026-11-23", "10:00"), sp("2026-11-23", "10:00"), 0},
		{"always open", businesshours.Hours{}, sp("2026-11-28", "22:00"), sp("2026-11-29", "01:00"), 3 * time.Hour},
		{"always open, a after b", businesshours.Hours{}, sp("2026-11-29", "01:00"), sp("2026-11-28", "22:00"), 0},
	} {
		if got := c.hours.OpenBetween(c.a, c.b); got != c.want {
			t.Errorf("%s: OpenBetween = %v, want %v", c.name, got, c.want)
		}
	}
}
