package dashboard

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
)

// sameOrigin refuses a POST sent by another site's page. The emulator
// listens on 0.0.0.0 with no login, so without this any page open in the
// developer's browser could post a form that clears a chat, rewrites a
// knowledge package or spends model tokens on real smokes. Browsers send
// Origin with every cross-site POST; requests without it (curl, scripts,
// tests) pass, as the admin pages do.
func sameOrigin(c *fiber.Ctx) error {
	if c.Method() != fiber.MethodPost {
		return c.Next()
	}
	origin := c.Get(fiber.HeaderOrigin)
	if origin == "" {
		return c.Next()
	}
	if u, err := url.Parse(origin); err == nil && strings.EqualFold(u.Host, c.Hostname()) {
		return c.Next()
	}
	return httperr.Write(c, fiber.StatusForbidden, "cross_origin", "dashboard actions must be posted from this server's own pages")
}
