package businesshours_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/businesshours"
)

// BUSINESS_HOURS and the holidays are typed by people: whatever Parse and
// WithHolidays accept must answer NextOpening with an open instant that is
// no holiday (or never, for a week with no window) and Add without running
// backwards.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{"mon-fri 08:00-18:00; sat 08:00-12:00", "fri-mon 00:00-24:00", "mon,wed 08:00-12:00 13:00-18:00", ""} {
		f.Add(seed, "2026-11-25", 2)
	}
	f.Add("sat 10:00-11:00", "2026-11-28", 9)
	from := time.Date(2026, 11, 24, 23, 0, 0, 0, saoPaulo)
	f.Fuzz(func(t *testing.T, spec, first string, days int) {
		h, err := businesshours.Parse(spec, saoPaulo)
		if err != nil {
			return
		}
		// days consecutive holidays from first (bounded: people close
		// weeks, not years).
		start, err := time.ParseInLocation(businesshours.DateLayout, first, saoPaulo)
		if err != nil || days < 0 || days > 60 {
			return
		}
		holidays := make([]businesshours.Holiday, days)
		closed := map[string]bool{}
		for i := range holidays {
			holidays[i].Date = start.AddDate(0, 0, i).Format(businesshours.DateLayout)
			closed[holidays[i].Date] = true
		}
		if h, err = h.WithHolidays(holidays, saoPaulo); err != nil {
			t.Fatalf("WithHolidays(%v): %v", holidays, err)
		}
		next := h.NextOpening(from)
		if !next.IsZero() && closed[next.In(saoPaulo).Format(businesshours.DateLayout)] {
			t.Errorf("%q: NextOpening = %v, a holiday", spec, next)
		}
		if next := h.NextOpening(from); !next.IsZero() && (!h.Open(next) || next.Before(from)) {
			t.Errorf("%q: NextOpening = %v, not open or before %v", spec, next, from)
		}
		if due := h.Add(from, 10*time.Minute); !due.IsZero() && due.Before(from) {
			t.Errorf("%q: Add ran backwards to %v", spec, due)
		}
	})
}
