package admin

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/businesshours"
)

// readHoursForm reads the hours page's form: the view as typed (to show
// again on a refusal), the document to save, and the problem, for the
// owner, when the form cannot be one.
//
// Each weekday d has "open_d" (a checkbox) and windowsPerDay pairs
// "from_d_i", "to_d_i" (HH:MM; an end of 00:00 is midnight); an open day
// needs a window, a window both ends, and a day's windows may not overlap.
// Holidays are "holiday_date"/"holiday_label" pairs, less the dates in
// "remove", plus "new_date"/"new_label"; "after_hours" is the message.
func (h *Handler) readHoursForm(c *fiber.Ctx) (hoursView, hoursDocument, string) {
	loc := h.pages.loc
	view := hoursView{
		NewDate: strings.Clone(c.FormValue("new_date")), NewLabel: strings.Clone(c.FormValue("new_label")),
		AfterHours: strings.Clone(c.FormValue("after_hours")),
	}
	doc := hoursDocument{AfterHours: view.AfterHours}
	var week [7][]string
	problem := ""
	fail := func(key string, args ...any) {
		if problem == "" {
			problem = loc.T(key, args...)
		}
	}
	for _, d := range formWeek {
		n := strconv.Itoa(int(d))
		day := h.newDay(d, c.FormValue("open_"+n) == "on")
		type span struct{ from, to int }
		var spans []span
		for i := range windowsPerDay {
			w := &day.Windows[i]
			w.From, w.To = strings.Clone(c.FormValue("from_"+n+"_"+strconv.Itoa(i))), strings.Clone(c.FormValue("to_"+n+"_"+strconv.Itoa(i)))
			if !day.Open || (w.From == "" && w.To == "") {
				continue
			}
			from, okFrom := formClock(w.From)
			to, okTo := formClock(w.To)
			if to == 0 {
				to = 24 * 60
			}
			switch {
			case !okFrom || !okTo:
				fail("admin.hours.incomplete", day.Name)
			case from >= to:
				fail("admin.hours.backwards", day.Name)
			default:
				spans = append(spans, span{from, to})
			}
		}
		slices.SortFunc(spans, func(a, b span) int { return a.from - b.from })
		for i := 1; i < len(spans); i++ {
			if spans[i].from < spans[i-1].to {
				fail("admin.hours.overlap", day.Name)
			}
		}
		if day.Open && len(spans) == 0 {
			fail("admin.hours.no_window", day.Name)
		}
		for _, s := range spans {
			week[d] = append(week[d], clock(s.from)+"-"+clock(s.to))
		}
		view.Days = append(view.Days, day)
	}
	doc.Week = businesshours.Week(week)
	if doc.Week == "" {
		fail("admin.hours.never_open")
	}

	args := c.Request().PostArgs()
	removed := map[string]bool{}
	for _, d := range args.PeekMulti("remove") {
		removed[string(d)] = true
	}
	dates, labels := args.PeekMulti("holiday_date"), args.PeekMulti("holiday_label")
	for i, d := range dates {
		hd := businesshours.Holiday{Date: string(d)}
		if i < len(labels) {
			hd.Label = string(labels[i])
		}
		if !removed[hd.Date] {
			doc.Holidays = append(doc.Holidays, hd)
			view.Holidays = append(view.Holidays, h.holidayView(hd))
		}
	}
	switch date := strings.TrimSpace(view.NewDate); {
	case date != "":
		if _, err := time.Parse(businesshours.DateLayout, date); err != nil {
			fail("admin.hours.bad_date")
		}
		doc.Holidays = append(doc.Holidays, businesshours.Holiday{Date: date, Label: strings.TrimSpace(view.NewLabel)})
	case strings.TrimSpace(view.NewLabel) != "":
		fail("admin.hours.label_without_date")
	}
	return view, doc, problem
}

// formClock reads an input's HH:MM (a time input may add seconds).
func formClock(s string) (int, bool) {
	if len(s) == len("15:04:05") {
		s = s[:5]
	}
	t, err := time.Parse("15:04", s)
	if err != nil {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

// clock writes minute m of a day as HH:MM (1440 as 24:00).
func clock(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }
