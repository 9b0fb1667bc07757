package businesshours

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Grammar is the BUSINESS_HOURS syntax, for error messages and docs.
const Grammar = "day groups separated by ';', each days then one or more HH:MM-HH:MM windows, " +
	"days as mon..sun, ranges (mon-fri) or lists (mon,wed): e.g. \"mon-fri 08:00-12:00 13:00-18:00; sat 08:00-12:00\""

// window is one opening of a day, in minutes from midnight, [from, to).
type window struct{ from, to int }

// Hours is the business's weekly opening windows in its zone. The zero
// value is always open.
type Hours struct {
	zone *time.Location
	// week holds each weekday's windows (indexed by time.Weekday), sorted
	// and disjoint.
	week [7][]window
	// holidays are the days closed all day, sorted by date; closed is
	// their set of dates, as Open looks them up. Both are never written
	// after WithHolidays, so copies of Hours share them safely.
	holidays []Holiday
	closed   map[string]bool
}

var dayNames = map[string]time.Weekday{
	"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday,
}

// Parse reads spec (see Grammar) in zone. An empty spec is always open.
func Parse(spec string, zone *time.Location) (Hours, error) {
	if strings.TrimSpace(spec) == "" {
		return Hours{}, nil
	}
	if zone == nil {
		zone = time.UTC
	}
	h := Hours{zone: zone}
	for group := range strings.SplitSeq(spec, ";") {
		fields := strings.Fields(strings.ToLower(group))
		if len(fields) < 2 {
			return Hours{}, fmt.Errorf("%q needs days and at least one HH:MM-HH:MM window", strings.TrimSpace(group))
		}
		days, err := parseDays(fields[0])
		if err != nil {
			return Hours{}, err
		}
		for _, f := range fields[1:] {
			w, err := parseWindow(f)
			if err != nil {
				return Hours{}, err
			}
			for _, d := range days {
				h.week[d] = append(h.week[d], w)
			}
		}
	}
	for d := range h.week {
		slices.SortFunc(h.week[d], func(a, b window) int { return a.from - b.from })
		for i := 1; i < len(h.week[d]); i++ {
			if h.week[d][i].from < h.week[d][i-1].to {
				return Hours{}, fmt.Errorf("two windows overlap on %s", time.Weekday(d))
			}
		}
	}
	return h, nil
}

// parseDays reads "mon-fri", "mon,wed" or "sat-sun,wed"; a range may wrap
// the week ("fri-mon").
func parseDays(s string) ([]time.Weekday, error) {
	var days []time.Weekday
	for part := range strings.SplitSeq(s, ",") {
		from, to, isRange := strings.Cut(part, "-")
		first, ok := dayNames[from]
		last, ok2 := dayNames[to]
		if !ok || (isRange && !ok2) {
			return nil, fmt.Errorf("%q is not a day or range of days (mon..sun)", part)
		}
		if !isRange {
			last = first
		}
		for d := first; ; d = (d + 1) % 7 {
			days = append(days, d)
			if d == last {
				break
			}
		}
	}
	return days, nil
}

// parseWindow reads "08:00-18:00"; 24:00 closes at midnight.
func parseWindow(s string) (window, error) {
	from, to, ok := strings.Cut(s, "-")
	a, errA := parseClock(from)
	b, errB := parseClock(to)
	if !ok || errA != nil || errB != nil || a >= b || a == 24*60 {
		return window{}, fmt.Errorf("%q is not a window HH:MM-HH:MM that opens before it closes", s)
	}
	return window{a, b}, nil
}

func parseClock(s string) (int, error) {
	if len(s) != 5 || s[2] != ':' {
		return 0, fmt.Errorf("%q is not HH:MM", s)
	}
	hh, errH := strconv.Atoi(s[:2])
	mm, errM := strconv.Atoi(s[3:])
	if errH != nil || errM != nil || hh < 0 || mm < 0 || hh > 24 || mm > 59 || (hh == 24 && mm != 0) {
		return 0, fmt.Errorf("%q is not HH:MM", s)
	}
	return hh*60 + mm, nil
}
