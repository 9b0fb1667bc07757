package businesshours

import (
	"fmt"
	"strings"
	"time"
)

// dayCodes are the grammar's days, indexed by time.Weekday.
var dayCodes = [7]string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// Windows are d's opening windows as "HH:MM-HH:MM", in order; none for a
// closed day or for hours that are always open.
func (h Hours) Windows(d time.Weekday) []string {
	out := make([]string, 0, len(h.week[d]))
	for _, w := range h.week[d] {
		out = append(out, clock(w.from)+"-"+clock(w.to))
	}
	return out
}

// Week writes a week of windows (indexed by time.Weekday, each as
// "HH:MM-HH:MM") in the grammar Parse reads: how a form of seven days
// becomes a schedule. Days without windows are closed.
func Week(days [7][]string) string {
	var groups []string
	for _, d := range []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday, time.Sunday} {
		if len(days[d]) > 0 {
			groups = append(groups, dayCodes[d]+" "+strings.Join(days[d], " "))
		}
	}
	return strings.Join(groups, "; ")
}

func clock(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }
