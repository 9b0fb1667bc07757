package admin

import (
	"context"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/reports"
)

// Report ranges: the last defaultReportDays days by default, at most
// maxReportDays (a year, leap or not).
const (
	defaultReportDays = 30
	maxReportDays     = 366
)

// getReports answers GET /admin/api/reports?from=&to=&by=day|week&service=&operator=
// with {"report": ...}: the figures of the conversations started in the
// range, read from the rollup's day items.
func (h *Handler) getReports(c *fiber.Ctx) error {
	if h.cfg.Reports == nil {
		return httperr.Write(c, fiber.StatusServiceUnavailable, "reports_unavailable", "reports are not served by this process")
	}
	q, err := h.readReportQuery(c)
	if err != nil {
		return done(err)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), reportTimeout)
	defer cancel()
	r, err := h.cfg.Reports.Report(ctx, q)
	if err != nil {
		return h.internal(c, "report failed", err)
	}
	return c.JSON(fiber.Map{"report": r})
}

// readReportQuery reads a report's parameters: days are YYYY-MM-DD in the
// pages' zone (UI_TIMEZONE), to defaults to today and from to 29 days
// before to. A bad parameter answers 400 with a code naming it.
func (h *Handler) readReportQuery(c *fiber.Ctx) (reports.Query, error) {
	y, m, d := h.cfg.Now().In(h.cfg.Zone).Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, h.cfg.Zone)
	to, err := h.reportDay(c, "to", today)
	if err != nil {
		return reports.Query{}, err
	}
	from, err := h.reportDay(c, "from", to.AddDate(0, 0, 1-defaultReportDays))
	if err != nil {
		return reports.Query{}, err
	}
	if to.Before(from) {
		return reports.Query{}, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_to", "to must not be before from"))
	}
	if from.AddDate(0, 0, maxReportDays).Before(to.AddDate(0, 0, 1)) {
		return reports.Query{}, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_range", "a report covers at most 366 days"))
	}
	q := reports.Query{From: from, To: to, By: reports.ByDay, Service: strings.TrimSpace(c.Query("service"))}
	switch by := strings.TrimSpace(c.Query("by")); by {
	case "", string(reports.ByDay):
	case string(reports.ByWeek):
		q.By = reports.ByWeek
	default:
		return q, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_by", "by must be day or week"))
	}
	if raw := strings.TrimSpace(c.Query("operator")); raw != "" {
		op, err := messaging.NormalizeSender(raw)
		if err != nil {
			return q, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_operator", "operator must be the operator's phone number, e.g. +5511999990000"))
		}
		q.Operator = op
	}
	return q, nil
}

// reportDay reads a YYYY-MM-DD day in the pages' zone; absent is def.
func (h *Handler) reportDay(c *fiber.Ctx, name string, def time.Time) (time.Time, error) {
	raw := strings.TrimSpace(c.Query(name))
	if raw == "" {
		return def, nil
	}
	day, err := time.ParseInLocation(time.DateOnly, raw, h.cfg.Zone)
	if err != nil {
		return time.Time{}, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_"+name, name+" must be a day as YYYY-MM-DD, e.g. 2026-11-23"))
	}
	return day, nil
}
