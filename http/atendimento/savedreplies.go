package atendimento

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
)

// SavedReplyList lists the saved replies admins manage;
// *persistence.SavedReplies implements it.
type SavedReplyList interface {
	List(ctx context.Context) ([]persistence.SavedReply, error)
}

// savedRepliesJSON answers GET /atendimento/api/saved-replies: the ready
// answers tools.js offers when the operator types "/" and a code.
func (c *Console) savedRepliesJSON(ctx *fiber.Ctx) error {
	list, err := c.deps.SavedReplies.List(ctx.UserContext())
	if err != nil {
		c.log.Error("saved replies not read", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "tools.error.saved_replies")
	}
	return ctx.JSON(fiber.Map{"saved_replies": list})
}
