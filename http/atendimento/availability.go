package atendimento

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
)

// AvailabilityStore keeps each operator's presence;
// *persistence.Availabilities implements it. The handoff notifier reads the
// same records and texts nobody away.
type AvailabilityStore interface {
	Set(ctx context.Context, a persistence.Availability) error
	Away(ctx context.Context) (map[string]bool, error)
}

// availabilityJSON answers GET /atendimento/api/availability:
// {"away": bool} for the logged-in operator.
func (c *Console) availabilityJSON(ctx *fiber.Ctx) error {
	away, err := c.deps.Availability.Away(ctx.UserContext())
	if err != nil {
		c.log.Error("availability not read", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "tools.error.availability")
	}
	return ctx.JSON(fiber.Map{"away": away[operatorOf(ctx)]})
}

// setAvailability answers POST /atendimento/api/availability {"away": bool}:
// away, the operator is no longer texted about handoffs and reminders.
func (c *Console) setAvailability(ctx *fiber.Ctx) error {
	var body struct {
		Away *bool `json:"away"`
	}
	if err := ctx.BodyParser(&body); err != nil || body.Away == nil {
		return c.failJSON(ctx, fiber.StatusBadRequest, "bad_request", "error.bad_body")
	}
	a := persistence.Availability{Operator: operatorOf(ctx), Away: *body.Away, At: c.cfg.Now()}
	if err := c.deps.Availability.Set(ctx.UserContext(), a); err != nil {
		c.log.Error("availability not stored", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "tools.error.availability")
	}
	return ctx.JSON(fiber.Map{"away": a.Away})
}
