package admin

import (
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/reports"
)

// reportFilter is the reports page's filter as typed (the form keeps it)
// and as the query it asks the source.
type reportFilter struct {
	From, To, By, Service, Operator string
	query                           reports.Query
}

// Values is the filter as a query string, for the CSV links and the
// refresh's way back.
func (f reportFilter) Values() url.Values {
	q := url.Values{"from": {f.From}, "to": {f.To}, "by": {f.By}}
	if f.Service != "" {
		q.Set("service", f.Service)
	}
	if f.Operator != "" {
		q.Set("operator", f.Operator)
	}
	return q
}

// reportFilter reads from, to (local YYYY-MM-DD days, both included;
// default the last reportDays days to today), by (day, the default, or
// week), service and operator. A refusal is the reason in words; the
// filter then keeps what was typed.
func (h *Handler) reportFilter(c *fiber.Ctx) (reportFilter, string) {
	zone, loc := h.cfg.Zone, h.pages.loc
	now := h.cfg.Now().In(zone)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, zone)
	f := reportFilter{
		From: strings.TrimSpace(c.Query("from")), To: strings.TrimSpace(c.Query("to")),
		By: c.Query("by"), Service: strings.TrimSpace(c.Query("service")), Operator: strings.TrimSpace(c.Query("operator")),
	}
	if f.By != string(reports.ByWeek) {
		f.By = string(reports.ByDay)
	}
	q := reports.Query{From: today.AddDate(0, 0, -(reportDays - 1)), To: today, By: reports.Grouping(f.By),
		Service: f.Service, Operator: f.Operator}
	for _, d := range []struct {
		typed *string
		at    *time.Time
		label string
	}{{&f.From, &q.From, "admin.reports.from"}, {&f.To, &q.To, "admin.reports.to"}} {
		if *d.typed == "" {
			*d.typed = d.at.Format(time.DateOnly)
			continue
		}
		day, err := time.ParseInLocation(time.DateOnly, *d.typed, zone)
		if err != nil {
			return f, loc.T("admin.reports.bad_date", loc.T(d.label))
		}
		*d.at = day
	}
	f.query = q
	switch {
	case q.From.After(q.To):
		return f, loc.T("admin.reports.bad_range")
	case q.To.Sub(q.From) >= maxReportDays*24*time.Hour:
		return f, loc.T("admin.reports.long_range", maxReportDays)
	}
	return f, ""
}
