package admin

import (
	"context"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
)

// getReports answers GET /admin/api/reports?from=&to=&by=day|week&service=&operator=
// with {"report": ...}: the figures of the conversations started in the
// range, read from the rollup's day items.
func (h *Handler) getReports(c *fiber.Ctx) error {
	if h.cfg.Reports == nil {
		return httperr.Write(c, fiber.StatusServiceUnavailable, "reports_unavailable", "reports are not served by this process")
	}
	f, refused := h.reportFilter(c)
	if refused != nil {
		return httperr.Write(c, fiber.StatusBadRequest, refused.code, refused.message)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), reportTimeout)
	defer cancel()
	r, err := h.cfg.Reports.Report(ctx, f.query)
	if err != nil {
		return h.internal(c, "report failed", err)
	}
	return c.JSON(fiber.Map{"report": r})
}
