package admin

import (
	"context"
	"html/template"
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/sameorigin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/reports"
)

// ReportsPath is the reports page: the funnel, the waits, the operators,
// the services and their cost, and the demands outside the catalogue, for
// a period, by day or week, for one service or operator.
//
//	GET  /admin/reports?from=&to=&by=&service=&operator=   the page
//	GET  /admin/reports/<table>.csv?…                      one table as CSV
//	POST /admin/reports/refresh                            sums the sessions now
const ReportsPath = "/admin/reports"

// ReportRefresher sums the sessions into the report's figures now rather
// than at the next scheduled rollup.
type ReportRefresher interface {
	Refresh(ctx context.Context) error
}

func (h *Handler) registerReports(r fiber.Router) {
	r.Get(ReportsPath, h.pageAuth, h.reportsPage)
	r.Get(ReportsPath+"/:table.csv", h.pageAuth, h.reportCSV)
	r.Post(ReportsPath+"/refresh", h.pageAuth, sameorigin.Check, h.refreshReports)
}

// reportsView is what the reports page shows.
type reportsView struct {
	Filter    reportFilter
	Services  []string
	Operators []persistence.OperatorRecord
	// Available is false without a report source; Error is why the filter
	// or the report failed; Flash what the refresh did.
	Available  bool
	CanRefresh bool
	Error      string
	Flash      string
	FlashError bool
	// Report, the charts and the tables, when there is one.
	Report  *reports.Report
	Updated string
	Funnel  funnelChart
	Periods periodChart
	Times   []reportCell // the period's waits: p50 and p90, then handling
	Tables  []reportTable
	// Query is the filter as a query string, for the CSV links; encoded
	// here, so the template need not escape it again.
	Query template.URL
}

func (h *Handler) reportsPage(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	f, refused := h.reportFilter(c)
	v := reportsView{Filter: f, Available: h.cfg.Reports != nil, CanRefresh: h.cfg.ReportRefresher != nil,
		Query: template.URL(f.Values().Encode())}
	if refused != nil {
		v.Error = refused.words(h)
	}
	switch c.Query("done") {
	case "refreshed":
		v.Flash = h.pages.loc.T("admin.reports.refreshed")
	case "refresh_failed":
		v.Flash, v.FlashError = h.pages.loc.T("admin.reports.refresh_failed"), true
	}
	for _, s := range h.prompts.Catalogue().Services {
		v.Services = append(v.Services, s.Name)
	}
	roster, err := persistence.NewOperatorRoster(h.table).List(ctx)
	if err != nil {
		return h.internal(c, "operator list failed", err)
	}
	v.Operators = roster
	if !v.Available || refused != nil {
		if refused != nil {
			c.Status(fiber.StatusUnprocessableEntity)
		}
		return h.pages.render(c, page{Page: "reports", Data: v})
	}
	r, err := h.cfg.Reports.Report(ctx, f.query)
	if err != nil {
		h.logger.Error("report failed", zap.Error(err))
		v.Error = h.pages.loc.T("admin.reports.failed")
		c.Status(fiber.StatusServiceUnavailable)
		return h.pages.render(c, page{Page: "reports", Data: v})
	}
	h.fillReport(&v, r)
	return h.pages.render(c, page{Page: "reports", Data: v})
}

// fillReport puts the report, its charts and its tables in v.
func (h *Handler) fillReport(v *reportsView, r reports.Report) {
	loc := h.pages.loc
	b := tableBuilder{loc: loc, r: r}
	v.Report = &r
	v.Updated = loc.T("admin.reports.never")
	if r.UpdatedAt != nil {
		at, today := r.UpdatedAt.In(loc.Zone), h.cfg.Now().In(loc.Zone)
		if at.Format(time.DateOnly) == today.Format(time.DateOnly) {
			v.Updated = loc.T("admin.reports.updated", at.Format("15:04"))
		} else {
			v.Updated = loc.T("admin.reports.updated_on", loc.DateTime(at))
		}
	}
	v.Funnel = newFunnelChart(loc, r)
	names := make([]string, len(r.Periods))
	for i, p := range r.Periods {
		names[i] = b.periodName(p.Start)
	}
	v.Periods = newPeriodChart(loc, r, names)
	t := r.Total
	v.Times = []reportCell{b.seconds(t.HandoffWait.P50), b.seconds(t.HandoffWait.P90),
		b.seconds(t.Handling.P50), b.seconds(t.Handling.P90),
		{Text: loc.T("admin.reports.of_n", t.HandoffWait.Count)}, {Text: loc.T("admin.reports.of_n", t.Handling.Count)}}
	for _, name := range reportTableNames {
		v.Tables = append(v.Tables, b.table(name))
	}
}

// refreshReports serves POST /admin/reports/refresh: the rollup runs now,
// then the page again with the same filter and a flash.
func (h *Handler) refreshReports(c *fiber.Ctx) error {
	if h.cfg.ReportRefresher == nil {
		return fiber.ErrServiceUnavailable
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), reportTimeout)
	defer cancel()
	q := url.Values{}
	for _, k := range []string{"from", "to", "by", "service", "operator"} {
		if v := strings.TrimSpace(c.FormValue(k)); v != "" {
			q.Set(k, v)
		}
	}
	q.Set("done", "refreshed")
	if err := h.cfg.ReportRefresher.Refresh(ctx); err != nil {
		h.logger.Error("report refresh failed", zap.Error(err))
		q.Set("done", "refresh_failed")
	}
	return c.Redirect(ReportsPath+"?"+q.Encode(), fiber.StatusSeeOther)
}
