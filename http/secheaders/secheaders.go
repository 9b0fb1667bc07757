// Package secheaders sets the headers that keep a page to itself: a
// Content-Security-Policy, no framing (X-Frame-Options: DENY), no content
// sniffing (X-Content-Type-Options: nosniff) and no referrer leaving the
// origin. The console, the admin pages, the development dashboard and the
// chat all answer with them; each surface passes the policy its pages need.
package secheaders

import "github.com/gofiber/fiber/v2"

// Strict lets a page load scripts, styles, images, media and connections
// from its own origin only, with no inline code or style, so a tag injected
// into a page cannot run; forms post to the origin, no one may frame it and
// a <base> tag cannot redirect its relative links.
const Strict = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; object-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// InlineStyles is Strict with inline <style> blocks allowed: for pages
// whose styles live in their templates but which run no script at all.
const InlineStyles = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; " +
	"connect-src 'self'; object-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// New returns a middleware that sets policy as the Content-Security-Policy
// and the framing, sniffing and referrer headers on every response it sees,
// errors included (they are set before the handler runs).
func New(policy string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderContentSecurityPolicy, policy)
		c.Set(fiber.HeaderXFrameOptions, "DENY")
		c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
		c.Set(fiber.HeaderReferrerPolicy, "same-origin")
		return c.Next()
	}
}
