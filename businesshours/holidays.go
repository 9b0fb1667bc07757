package businesshours

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// DateLayout is how a holiday's date is written: the calendar day in the
// business's zone.
const DateLayout = "2006-01-02"

// Holiday is a calendar day the business stays closed all day, whatever
// its weekday's windows say: Christmas, a local holiday, a day off.
type Holiday struct {
	// Date is the day as DateLayout ("2026-12-25").
	Date string `json:"date"`
	// Label says why, for the owner ("Natal"); optional.
	Label string `json:"label,omitempty"`
}

// WithHolidays returns h closed all day on each holiday's date. A date
// that is not DateLayout is an error; a repeated date keeps its first
// label. Hours that are always open become open every hour but the
// holidays, in zone.
func (h Hours) WithHolidays(holidays []Holiday, zone *time.Location) (Hours, error) {
	if len(holidays) == 0 {
		return h, nil
	}
	if h.Always() {
		if zone == nil {
			zone = time.UTC
		}
		h = Hours{zone: zone}
		for d := range h.week {
			h.week[d] = []window{{0, 24 * 60}}
		}
	}
	seen := map[string]bool{}
	kept := make([]Holiday, 0, len(holidays)+len(h.holidays))
	for _, day := range append(slices.Clone(h.holidays), holidays...) {
		date := strings.TrimSpace(day.Date)
		if _, err := time.Parse(DateLayout, date); err != nil {
			return Hours{}, fmt.Errorf("%q is not a date YYYY-MM-DD", day.Date)
		}
		if seen[date] {
			continue
		}
		seen[date] = true
		kept = append(kept, Holiday{Date: date, Label: strings.TrimSpace(day.Label)})
	}
	slices.SortFunc(kept, func(a, b Holiday) int { return strings.Compare(a.Date, b.Date) })
	h.holidays, h.closed = kept, seen
	return h, nil
}

// Holidays are the days closed all day, in date order.
func (h Hours) Holidays() []Holiday { return slices.Clone(h.holidays) }

// holidaysFrom counts the holidays on or after local's calendar day.
func (h Hours) holidaysFrom(local time.Time) int {
	i, _ := slices.BinarySearchFunc(h.holidays, local.Format(DateLayout), func(d Holiday, date string) int {
		return strings.Compare(d.Date, date)
	})
	return len(h.holidays) - i
}

// holiday reports whether local's calendar day is a holiday.
func (h Hours) holiday(local time.Time) bool {
	return h.closed[local.Format(DateLayout)]
}
