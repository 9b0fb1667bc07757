package admin

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/reports"
)

// getReports answers GET /admin/api/reports?from=&to=&by=day|week&service=&operator=
// with {"report": ...}: the figures of the conversations started in the
// range, read from the rollup's day items.
func (h *Handler) getReports(c *fiber.Ctx) error {
	r, f, err := h.filteredReport(c)
	if f == nil {
		return err
	}
	return c.JSON(fiber.Map{"report": r})
}

// filteredReport is the report the request's filter asks for, for the API
// and the CSV files alike, with the filter. When there is none (no report
// source, a refused filter, a failed read) it writes the error answer: the
// filter is nil and err is what the handler returns.
func (h *Handler) filteredReport(c *fiber.Ctx) (reports.Report, *reportFilter, error) {
	if h.cfg.Reports == nil {
		return reports.Report{}, nil, httperr.Write(c, fiber.StatusServiceUnavailable, "reports_unavailable", "reports are not served by this process")
	}
	f, refused := h.reportFilter(c)
	if refused != nil {
		return reports.Report{}, nil, httperr.Write(c, fiber.StatusBadRequest, refused.code, refused.message)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), reportTimeout)
	defer cancel()
	r, err := h.cfg.Reports.Report(ctx, f.query)
	if err != nil {
		h.logger.Error("report failed", zap.Error(err))
		return reports.Report{}, nil, httperr.Write(c, fiber.StatusServiceUnavailable, "report_failed", "the report could not be built")
	}
	return r, &f, nil
}
