package businesshours

import "time"

// Always reports whether the business never closes (no BUSINESS_HOURS).
func (h Hours) Always() bool { return h.zone == nil }

// Open reports whether the business is open at t.
func (h Hours) Open(t time.Time) bool {
	_, open := h.span(t)
	return open
}

// NextOpening is the first moment at or after t when the business is open:
// t itself while open. A week without any window never opens: the zero time.
func (h Hours) NextOpening(t time.Time) time.Time {
	if h.Always() {
		return t
	}
	local := t.In(h.zone)
	// Each holiday ahead can take one weekday's windows out of the search,
	// so each adds a week to the eight days that reach every window.
	for i := range 8 + 7*h.holidaysFrom(local) {
		day := local.AddDate(0, 0, i)
		if h.holiday(day) {
			continue
		}
		for _, w := range h.week[day.Weekday()] {
			from, to := at(day, w.from), at(day, w.to)
			if !t.Before(from) && t.Before(to) {
				return t
			}
			if !from.Before(t) {
				return from
			}
		}
	}
	return time.Time{}
}

// Add is t plus d of open time: the clock of a waiting customer, stopped
// while the business is closed. A due time that would fall on a closing
// instant falls on the next opening instead, when people are there.
func (h Hours) Add(t time.Time, d time.Duration) time.Time {
	if h.Always() {
		return t.Add(d)
	}
	for range 1000 { // a week has at most a few hundred windows
		t = h.NextOpening(t)
		if t.IsZero() {
			return t
		}
		end, _ := h.span(t)
		left := end.Sub(t)
		if d < left {
			return t.Add(d)
		}
		d -= left
		t = end
	}
	return time.Time{}
}

// span is the end of the window holding t, and whether one does.
func (h Hours) span(t time.Time) (time.Time, bool) {
	if h.Always() {
		return time.Time{}, true
	}
	local := t.In(h.zone)
	if h.holiday(local) {
		return time.Time{}, false
	}
	for _, w := range h.week[local.Weekday()] {
		from, to := at(local, w.from), at(local, w.to)
		if !t.Before(from) && t.Before(to) {
			return to, true
		}
	}
	return time.Time{}, false
}

// at is minute m of day's date in day's zone (24:00 is the next midnight).
func at(day time.Time, m int) time.Time {
	y, mo, d := day.Date()
	return time.Date(y, mo, d, m/60, m%60, 0, 0, day.Location())
}

// Zone is the zone the hours are read in; nil when always open.
func (h Hours) Zone() *time.Location { return h.zone }
