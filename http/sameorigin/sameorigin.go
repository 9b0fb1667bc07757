// Package sameorigin is the one check that a state-changing development
// request (a dashboard action, POST /chat, POST /admin/reset) was posted by
// this server's own pages. The development surfaces listen on 0.0.0.0 with
// no login, so without it any page open in the developer's browser could
// post a form that clears a chat, rewrites a knowledge package, or spends
// model tokens and sends a real message to a number of its choosing.
//
// Browsers send Origin with every cross-site POST; requests without it
// (curl, scripts, tests) pass. An Origin of "null" (sandboxed frames,
// file:// pages) is another site.
//
// It imports http/httperr only.
package sameorigin

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
)

// OK reports whether c carries no Origin or the Origin of the host it was
// sent to.
func OK(c *fiber.Ctx) bool {
	origin := c.Get(fiber.HeaderOrigin)
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, c.Hostname())
}

// Check is fiber middleware that refuses a POST failing OK with 403
// cross_origin; other methods pass.
func Check(c *fiber.Ctx) error {
	if c.Method() != fiber.MethodPost || OK(c) {
		return c.Next()
	}
	return httperr.Write(c, fiber.StatusForbidden, "cross_origin", "development actions must be posted from this server's own pages")
}
