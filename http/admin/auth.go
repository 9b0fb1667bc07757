package admin

import (
	"crypto/sha256"
	"crypto/subtle"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/http/login"
)

// apiPrefix is where the key-checked API lives.
const apiPrefix = "/admin/api"

// KeyHeader carries the admin API key.
const KeyHeader = "X-Admin-Key"

// requireKey lets a request into /admin/api/* only with the configured key.
// Both sides are hashed before the constant-time comparison, so neither the
// content nor the length of the key leaks through timing. With no key
// configured the API is closed: an empty key must never open it. Wrong and
// missing keys are counted per client address (keythrottle.go).
func (h *Handler) requireKey(c *fiber.Ctx) error {
	// fiber's group middleware matches by plain prefix: /admin/apix is not
	// the API and is left to the routes after it.
	if p := c.Path(); len(p) > len(apiPrefix) && p[len(apiPrefix)] != '/' {
		return c.Next()
	}
	if h.cfg.APIKey == "" {
		return httperr.Write(c, fiber.StatusUnauthorized, "admin_api_not_configured",
			"the admin API is closed: ADMIN_API_KEY is not configured")
	}
	source := login.Source(c, h.cfg.TrustedProxies)
	if wait := h.keyFails.blocked(source); wait > 0 {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(max(int(wait.Round(time.Second)/time.Second), 1)))
		return httperr.Write(c, fiber.StatusTooManyRequests, "too_many_admin_key_failures",
			"too many wrong "+KeyHeader+" values from this address; wait before trying again")
	}
	given := c.Get(KeyHeader)
	if given == "" {
		h.keyFails.fail(source, "missing", c.Path())
		return httperr.Write(c, fiber.StatusUnauthorized, "missing_admin_key", "the "+KeyHeader+" header is required")
	}
	want := sha256.Sum256([]byte(h.cfg.APIKey))
	got := sha256.Sum256([]byte(given))
	if subtle.ConstantTimeCompare(want[:], got[:]) != 1 {
		h.keyFails.fail(source, "wrong", c.Path())
		return httperr.Write(c, fiber.StatusUnauthorized, "invalid_admin_key", "the "+KeyHeader+" header does not hold the admin key")
	}
	return c.Next()
}
