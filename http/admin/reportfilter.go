package admin

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
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

// Report ranges: the last reportDays days by default, at most
// maxReportDays (a year, leap or not).
const (
	reportDays    = 30
	maxReportDays = 366
)

// reportRefusal is why a report's parameters were refused: the API answers
// its code and message, the page its words from the catalogue.
type reportRefusal struct {
	code, message string
	key           string
	args          []any
}

// reportFilter reads from, to (local YYYY-MM-DD days, both included;
// default the reportDays days up to to, and to today), by (day, the default, or
// week), service and operator (a phone, normalised). The page and the API
// read their parameters here alike; a refused filter keeps what was typed.
func (h *Handler) reportFilter(c *fiber.Ctx) (reportFilter, *reportRefusal) {
	zone := h.cfg.Zone
	now := h.cfg.Now().In(zone)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, zone)
	f := reportFilter{
		From: strings.TrimSpace(c.Query("from")), To: strings.TrimSpace(c.Query("to")),
		By: strings.TrimSpace(c.Query("by")), Service: strings.TrimSpace(c.Query("service")), Operator: strings.TrimSpace(c.Query("operator")),
	}
	q := reports.Query{To: today, By: reports.ByDay, Service: f.Service}
	switch f.By {
	case "", string(reports.ByDay):
		f.By = string(reports.ByDay)
	case string(reports.ByWeek):
		q.By = reports.ByWeek
	default:
		return f, &reportRefusal{code: "invalid_by", message: "by must be day or week", key: "admin.reports.bad_by"}
	}
	for _, d := range []struct {
		name  string
		typed *string
		at    *time.Time
		label string
	}{{"to", &f.To, &q.To, "admin.reports.to"}, {"from", &f.From, &q.From, "admin.reports.from"}} {
		if d.name == "from" {
			q.From = q.To.AddDate(0, 0, 1-reportDays)
		}
		if *d.typed == "" {
			*d.typed = d.at.Format(time.DateOnly)
			continue
		}
		day, err := time.ParseInLocation(time.DateOnly, *d.typed, zone)
		if err != nil {
			return f, &reportRefusal{code: "invalid_" + d.name, message: d.name + " must be a day as YYYY-MM-DD, e.g. 2026-11-23",
				key: "admin.reports.bad_date", args: []any{h.pages.loc.T(d.label)}}
		}
		*d.at = day
	}
	if f.Operator != "" {
		op, err := messaging.NormalizeSender(f.Operator)
		if err != nil {
			return f, &reportRefusal{code: "invalid_operator", message: "operator must be the operator's phone number, e.g. +5511999990000",
				key: "admin.reports.bad_operator"}
		}
		q.Operator = op
	}
	f.query = q
	switch {
	case q.From.After(q.To):
		return f, &reportRefusal{code: "invalid_to", message: "to must not be before from", key: "admin.reports.bad_range"}
	case q.From.AddDate(0, 0, maxReportDays).Before(q.To.AddDate(0, 0, 1)):
		return f, &reportRefusal{code: "invalid_range", message: fmt.Sprintf("a report covers at most %d days", maxReportDays),
			key: "admin.reports.long_range", args: []any{maxReportDays}}
	}
	return f, nil
}

// words is the refusal as the page says it.
func (r *reportRefusal) words(h *Handler) string { return h.pages.loc.T(r.key, r.args...) }
