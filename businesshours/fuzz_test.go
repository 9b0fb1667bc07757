package businesshours_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/businesshours"
)

// BUSINESS_HOURS is typed by people: whatever Parse accepts must answer
// NextOpening with an open instant (or never, for a week with no window)
// and Add without running backwards.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{"mon-fri 08:00-18:00; sat 08:00-12:00", "fri-mon 00:00-24:00", "mon,wed 08:00-12:00 13:00-18:00", ""} {
		f.Add(seed)
	}
	from := time.Date(2026, 11, 24, 23, 0, 0, 0, saoPaulo)
	f.Fuzz(func(t *testing.T, spec string) {
		h, err := businesshours.Parse(spec, saoPaulo)
		if err != nil {
			return
		}
		if next := h.NextOpening(from); !next.IsZero() && (!h.Open(next) || next.Before(from)) {
			t.Errorf("%q: NextOpening = %v, not open or before %v", spec, next, from)
		}
		if due := h.Add(from, 10*time.Minute); !due.IsZero() && due.Before(from) {
			t.Errorf("%q: Add ran backwards to %v", spec, due)
		}
	})
}
