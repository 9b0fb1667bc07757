package businesshours

import "time"

// OpenBetween is the open time from a to b: how long a customer waited, or
// an operator worked, in business hours, so a night or a weekend does not
// count against whoever could not have answered. Always-open hours count
// b - a; a at or after b counts nothing.
func (h Hours) OpenBetween(a, b time.Time) time.Duration {
	if !a.Before(b) {
		return 0
	}
	if h.Always() {
		return b.Sub(a)
	}
	var open time.Duration
	first := a.In(h.zone)
	y, m, d := first.Date()
	for day := time.Date(y, m, d, 0, 0, 0, 0, h.zone); day.Before(b); day = day.AddDate(0, 0, 1) {
		if h.holiday(day) {
			continue
		}
		for _, w := range h.week[day.Weekday()] {
			from, to := at(day, w.from), at(day, w.to)
			from, to = later(from, a), earlier(to, b)
			if from.Before(to) {
				open += to.Sub(from)
			}
		}
	}
	return open
}

func later(x, y time.Time) time.Time {
	if x.After(y) {
		return x
	}
	return y
}

func earlier(x, y time.Time) time.Time {
	if x.Before(y) {
		return x
	}
	return y
}
