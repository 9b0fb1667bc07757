package admin

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/http/sameorigin"
)

// HoursPath is the business hours page: each weekday open or closed with
// its opening windows, the holidays, and the message a customer hears
// outside the hours (HoursDoc), saved as a new version, with the history.
//
//	GET  /admin/settings/hours           the form, whether open now, the history
//	POST /admin/settings/hours           saves the week, holidays and message
//	POST /admin/settings/hours/restore   restores a version
const HoursPath = SettingsPath + "/hours"

// windowsPerDay is how many opening windows the form offers a day: a
// morning and an afternoon, and one more.
const windowsPerDay = 3

// formWeek is the page's order of the days: the Brazilian week.
var formWeek = []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday, time.Sunday}

func (h *Handler) registerHours(r fiber.Router) {
	r.Get(HoursPath, h.pageAuth, h.hoursPage)
	r.Post(HoursPath, h.pageAuth, sameorigin.Check, h.saveHours)
	h.restoreRoute(r, HoursPath, HoursDoc)
}

// hoursView is what the hours page shows.
type hoursView struct {
	Days     []dayView
	Holidays []holidayView
	// NewDate and NewLabel are the holiday being added, as typed.
	NewDate, NewLabel string
	AfterHours        string
	// Status says whether the business is open now, or when it opens;
	// Example is the message as a customer would read it now.
	Status, Example string
	Flash, Error    string
	History         historyView
}

type dayView struct {
	Day     int
	Name    string
	Open    bool
	Windows [windowsPerDay]windowView
}

// windowView is one window's inputs; N counts from 1, as people do.
type windowView struct {
	N        int
	From, To string
}

// newDay is d's row of the form, with its windows numbered.
func (h *Handler) newDay(d time.Weekday, open bool) dayView {
	day := dayView{Day: int(d), Name: h.pages.loc.T("hours.day." + strconv.Itoa(int(d))), Open: open}
	for i := range day.Windows {
		day.Windows[i].N = i + 1
	}
	return day
}

type holidayView struct {
	businesshours.Holiday
	// Words is the date as people read it ("25 de dezembro de 2026,
	// sexta-feira").
	Words string
}

func (h *Handler) hoursPage(c *fiber.Ctx) error {
	schedule := h.cfg.Hours.Current()
	view := hoursView{AfterHours: schedule.AfterHoursText}
	view.Flash, view.Error = h.settingsMessages(c)
	if view.AfterHours == "" {
		view.AfterHours = conversation.DefaultAfterHoursText
	}
	always := schedule.Hours.Always()
	for _, d := range formWeek {
		day := h.newDay(d, always)
		windows := schedule.Hours.Windows(d)
		if always {
			windows = []string{"00:00-24:00"}
		}
		for i, w := range windows {
			if i < windowsPerDay {
				from, to, _ := strings.Cut(w, "-")
				if to == "24:00" {
					to = "00:00" // a time input's midnight; the form reads it back as 24:00
				}
				day.Windows[i].From, day.Windows[i].To, day.Open = from, to, true
			}
		}
		view.Days = append(view.Days, day)
	}
	for _, hd := range schedule.Hours.Holidays() {
		view.Holidays = append(view.Holidays, h.holidayView(hd))
	}
	return h.renderHours(c, view, schedule.Hours)
}

// renderHours shows view with the status and example of hours.
func (h *Handler) renderHours(c *fiber.Ctx, view hoursView, hours businesshours.Hours) error {
	history, err := h.history(c.UserContext(), HoursDoc, HoursPath)
	if err != nil {
		return h.internal(c, "hours history not read", err)
	}
	view.History = history
	now := h.cfg.Now()
	loc := h.pages.loc
	opening := hours.NextOpening(now)
	switch {
	case hours.Open(now):
		view.Status = loc.T("admin.hours.open_now")
	case opening.IsZero():
		view.Status = loc.T("admin.hours.never")
	default:
		view.Status = loc.T("admin.hours.closed_now", businesshours.Phrase(loc, now, opening))
	}
	example := loc.T("hours.tomorrow", "08:00")
	if !hours.Open(now) && !opening.IsZero() {
		example = businesshours.Phrase(loc, now, opening)
	}
	view.Example = strings.ReplaceAll(view.AfterHours, "{quando}", example)
	return h.pages.render(c, page{Page: "settings-hours", Data: view})
}

func (h *Handler) holidayView(d businesshours.Holiday) holidayView {
	v := holidayView{Holiday: d, Words: d.Date}
	if t, err := time.Parse(businesshours.DateLayout, d.Date); err == nil {
		loc := h.pages.loc
		v.Words = loc.T("admin.hours.date", t.Day(), loc.T("admin.hours.month."+strconv.Itoa(int(t.Month()))), t.Year(),
			loc.T("hours.day."+strconv.Itoa(int(t.Weekday()))))
	}
	return v
}

// saveHours reads the form into an hours document and stores it as the
// next version. A refused form shows the page again, 422, with the reason
// and every value as typed.
func (h *Handler) saveHours(c *fiber.Ctx) error {
	view, doc, problem := h.readHoursForm(c)
	if problem == "" {
		text, err := json.Marshal(doc)
		if err != nil {
			return h.internal(c, "hours not encoded", err)
		}
		if problem, err = h.saveSetting(c, HoursDoc, string(text)); err != nil {
			return h.internal(c, "hours not saved", err)
		}
	}
	if problem != "" {
		view.Error = problem
		c.Status(fiber.StatusUnprocessableEntity)
		return h.renderHours(c, view, h.cfg.Hours.Hours())
	}
	return c.Redirect(HoursPath+"?done=saved", fiber.StatusSeeOther)
}
