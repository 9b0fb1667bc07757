package runtime

import (
	"context"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
)

// readyKey is a key no record uses. Reading it is the cheapest call that
// proves the table answers: one Get, normally ErrNotFound, no data read.
var readyKey = persistence.Key{PK: "READYZ", SK: "READYZ"}

// readyTimeout bounds the readiness check below typical probe timeouts.
const readyTimeout = 2 * time.Second

// readyzRoutes mounts GET /readyz: 200 {"ok": true} when the table answers
// (and, in a cluster, this node is in the topology), 503 in the error shape
// when not. Unlike /healthz it touches the table, so a load balancer stops
// routing to an instance that cannot serve.
func (a *App) readyzRoutes() error {
	a.http.Get("/readyz", func(c *fiber.Ctx) error {
		if m, ok := a.conversations.(clusterMember); ok && !m.Joined() {
			return httperr.Write(c, fiber.StatusServiceUnavailable, "not_joined", "this node has not joined the cluster yet")
		}
		ctx, cancel := context.WithTimeout(c.UserContext(), readyTimeout)
		defer cancel()
		_, err := a.table.Get(ctx, readyKey)
		if err == nil || errors.Is(err, persistence.ErrNotFound) {
			return c.JSON(fiber.Map{"ok": true})
		}
		a.logger.Warn("not ready: the table did not answer", zap.Error(err))
		return httperr.Write(c, fiber.StatusServiceUnavailable, "table_unavailable", "the key-value table did not answer")
	})
	return nil
}
