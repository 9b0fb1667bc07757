// Package bodylimit bounds the body of a surface's writes. The application
// reads bodies up to the webhook's 3 MB for every route; an admin, console
// or dashboard write needs far less, and a body past what the table can
// hold in one item (400 KB) would only fail later, as a 500, after the
// handler did its work. A write over its surface's bound is refused before
// its handler runs, so nothing of it is stored.
package bodylimit

import (
	"fmt"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
)

// New returns a middleware that passes a write (any method but GET, HEAD
// and OPTIONS) whose body is at most max bytes, as sent, to the next
// handler, and hands a longer one to refuse. A compressed body is refused
// with 415: decoded, a small body could be any size, and no page or script
// of ours compresses what it sends.
func New(max int, refuse fiber.Handler) fiber.Handler {
	return func(c *fiber.Ctx) error {
		switch c.Method() {
		case fiber.MethodGet, fiber.MethodHead, fiber.MethodOptions:
			return c.Next()
		}
		if enc := c.Get(fiber.HeaderContentEncoding); enc != "" && enc != "identity" {
			return httperr.Write(c, fiber.StatusUnsupportedMediaType, "unsupported_encoding",
				"the body must not be compressed")
		}
		// The raw body: c.Body() would decode a compressed one.
		if len(c.Request().Body()) > max {
			c.Status(fiber.StatusRequestEntityTooLarge)
			return refuse(c)
		}
		return c.Next()
	}
}

// JSON is New for an API: 413 with the JSON error naming the bound.
func JSON(max int) fiber.Handler {
	message := fmt.Sprintf("the body is over %d KiB", max>>10)
	return New(max, func(c *fiber.Ctx) error {
		return httperr.Write(c, fiber.StatusRequestEntityTooLarge, "payload_too_large", message)
	})
}
