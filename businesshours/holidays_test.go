package businesshours_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/businesshours"
)

func withHolidays(t *testing.T, h businesshours.Hours, dates ...string) businesshours.Hours {
	t.Helper()
	days := make([]businesshours.Holiday, len(dates))
	for i, d := range dates {
		days[i] = businesshours.Holiday{Date: d}
	}
	h, err := h.WithHolidays(days, saoPaulo)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// A holiday closes its whole day; the next opening is the first window
// of a day that is not one.
func TestHolidaysCloseTheWholeDay(t *testing.T) {
	week := "mon-fri 08:00-18:00; sat 08:00-12:00"
	for _, c := range []struct {
		name, spec string
		holidays   []string
		at, next   time.Time
		open       bool
	}{
		{"a weekday holiday is closed at noon", week, []string{"2026-11-25"}, sp("2026-11-25", "12:00"), sp("2026-11-26", "08:00"), false},
		{"the night before a holiday skips it", week, []string{"2026-11-25"}, sp("2026-11-24", "23:00"), sp("2026-11-26", "08:00"), false},
		{"the day after a holiday opens as usual", week, []string{"2026-11-25"}, sp("2026-11-26", "09:00"), sp("2026-11-26", "09:00"), true},
		{"two holidays in a row", week, []string{"2026-11-25", "2026-11-26"}, sp("2026-11-24", "23:00"), sp("2026-11-27", "08:00"), false},
		{"a holiday on a closed day changes nothing", week, []string{"2026-11-29"}, sp("2026-11-28", "15:00"), sp("2026-11-30", "08:00"), false},
		{"a holiday friday sends saturday's customer to saturday", week, []string{"2026-11-27"}, sp("2026-11-26", "19:00"), sp("2026-11-28", "08:00"), false},
		{"a whole week of holidays waits for the week after", "mon 08:00-18:00", []string{"2026-11-30", "2026-12-07"}, sp("2026-11-24", "09:00"), sp("2026-12-14", "08:00"), false},
		{"always open but for the holiday", "", []string{"2026-12-25"}, sp("2026-12-25", "10:00"), sp("2026-12-26", "00:00"), false},
		{"always open the day before", "", []string{"2026-12-25"}, sp("2026-12-24", "23:59"), sp("2026-12-24", "23:59"), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := withHolidays(t, mustParse(t, c.spec), c.holidays...)
			if got := h.Open(c.at); got != c.open {
				t.Errorf("Open(%v) = %v, want %v", c.at, got, c.open)
			}
			if got := h.NextOpening(c.at); !got.Equal(c.next) {
				t.Errorf("NextOpening(%v) = %v, want %v", c.at, got, c.next)
			}
		})
	}
}

func TestAddStopsTheClockOnHolidays(t *testing.T) {
	h := withHolidays(t, mustParse(t, "mon-fri 08:00-18:00"), "2026-11-25")
	if got, want := h.Add(sp("2026-11-24", "17:55"), 10*time.Minute), sp("2026-11-26", "08:05"); !got.Equal(want) {
		t.Errorf("Add across a holiday = %v, want %v", got, want)
	}
}

func TestHolidaysAreDatesSortedOnce(t *testing.T) {
	h, err := mustParse(t, "mon-fri 08:00-18:00").WithHolidays([]businesshours.Holiday{
		{Date: "2026-12-25", Label: "Natal"}, {Date: "2026-11-20", Label: " Consciência Negra "}, {Date: "2026-12-25", Label: "de novo"},
	}, saoPaulo)
	if err != nil {
		t.Fatal(err)
	}
	want := []businesshours.Holiday{{Date: "2026-11-20", Label: "Consciência Negra"}, {Date: "2026-12-25", Label: "Natal"}}
	if got := h.Holidays(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Holidays = %+v, want %+v", got, want)
	}
	for _, bad := range []string{"25/12/2026", "2026-13-01", "2026-02-30", ""} {
		if _, err := h.WithHolidays([]businesshours.Holiday{{Date: bad}}, saoPaulo); err == nil {
			t.Errorf("WithHolidays accepted %q", bad)
		}
	}
}

// What Week writes, Parse reads back to the same windows.
func TestWeekRoundTrips(t *testing.T) {
	var days [7][]string
	days[time.Monday] = []string{"08:00-12:00", "13:00-18:00"}
	days[time.Saturday] = []string{"08:00-12:00"}
	days[time.Sunday] = []string{"10:00-24:00"}
	spec := businesshours.Week(days)
	if spec != "mon 08:00-12:00 13:00-18:00; sat 08:00-12:00; sun 10:00-24:00" {
		t.Errorf("Week = %q", spec)
	}
	h := mustParse(t, spec)
	for d := range days {
		if got := h.Windows(time.Weekday(d)); len(got) != len(days[d]) || (len(got) > 0 && got[0] != days[d][0]) {
			t.Errorf("%v: Windows = %v, want %v", time.Weekday(d), got, days[d])
		}
	}
}

func TestLiveIsReplacedWhole(t *testing.T) {
	var none *businesshours.Live
	if !none.Hours().Always() || none.Current().AfterHoursText != "" {
		t.Error("a nil Live is not always open")
	}
	l := businesshours.NewLive(businesshours.Schedule{})
	l.Set(businesshours.Schedule{Hours: mustParse(t, "mon 08:00-18:00"), AfterHoursText: "volte {quando}"})
	if l.Hours().Open(sp("2026-11-24", "09:00")) || l.Current().AfterHoursText != "volte {quando}" {
		t.Errorf("after Set: %+v", l.Current())
	}
}
