package atendimento

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
)

// Audit records what operators do (*persistence.Audits implements it).
// Operator commands commit their entry with the command itself (the session
// actor does, from the command's Source); logins and notes record here.
type Audit interface {
	Record(ctx context.Context, e persistence.AuditEntry) error
}

// audit records action by who on the conversation of phone (empty for a
// login) from the request's address. It is best effort: the action is done
// already, and a trail that could not be written is a warning, not a
// failure of what it records. The warning names no phone.
func (c *Console) audit(ctx *fiber.Ctx, who string, action persistence.AuditAction, phone, sessionID string) {
	if c.deps.Audit == nil {
		return
	}
	e := persistence.AuditEntry{ID: uuid.NewString(), At: c.cfg.Now(), Who: who, Action: action,
		Phone: phone, SessionID: sessionID, Source: c.source(ctx)}
	tctx, cancel := context.WithTimeout(ctx.UserContext(), c.cfg.StoreTimeout)
	defer cancel()
	if err := c.deps.Audit.Record(tctx, e); err != nil {
		c.log.Warn("audit entry not stored", zap.String("action", string(action)), zap.Error(err))
	}
}
