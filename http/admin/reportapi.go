package admin

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"
)

// reportTimeout bounds a report's scan: longer than an API call, since it
// may read the whole table.
const reportTimeout = 30 * time.Second

// maxDays bounds ?days= of the cost report (ten years).
const maxDays = 3660

// getCosts answers GET /admin/api/llm-costs[?days=N]: tokens and cost per
// model per UTC day, newest first (CostReport).
func (h *Handler) getCosts(c *fiber.Ctx) error {
	return h.withCostReport(c, func(r CostReport) error { return c.JSON(r) })
}

// getAlerts answers GET /admin/api/alerts (AlertReport).
func (h *Handler) getAlerts(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), reportTimeout)
	defer cancel()
	r, err := h.alerts(ctx)
	if err != nil {
		return h.internal(c, "alert report failed", err)
	}
	return c.JSON(r)
}
