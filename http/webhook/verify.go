package webhook

import (
	"crypto/sha256"
	"crypto/subtle"

	"github.com/gofiber/fiber/v2"
)

// Answers of the verification handshake.
var (
	errNoVerifyToken = &problem{fiber.StatusForbidden, "verification_disabled",
		"no verify token is configured"}
	errVerifyFailed = &problem{fiber.StatusForbidden, "verification_failed",
		"hub.mode must be subscribe and hub.verify_token must match"}
	errNoChallenge = &problem{fiber.StatusBadRequest, "missing_challenge",
		"hub.challenge is required"}
)

// verify answers the platform's subscription handshake: with hub.mode
// "subscribe" and the configured hub.verify_token it echoes hub.challenge as
// text/plain, which proves to the platform that this server is the one the
// app owner configured.
func (h *Handler) verify(c *fiber.Ctx) error {
	if h.verifyDigest == nil {
		return errNoVerifyToken.write(c)
	}
	if c.Query("hub.mode") != "subscribe" || !h.tokenMatches(c.Query("hub.verify_token")) {
		h.log.Info("webhook verification refused")
		return errVerifyFailed.write(c)
	}
	challenge := c.Query("hub.challenge")
	if challenge == "" {
		return errNoChallenge.write(c)
	}
	// The challenge is reflected: nosniff keeps a browser from reading it as
	// anything but text. SendString copies it out of fiber's buffer.
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderContentType, fiber.MIMETextPlainCharsetUTF8)
	return c.SendString(challenge)
}

// tokenMatches compares digests so the time taken says nothing about the
// token, not even its length.
func (h *Handler) tokenMatches(token string) bool {
	d := sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(d[:], h.verifyDigest) == 1
}
