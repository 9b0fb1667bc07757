package webhook

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
)

// Platform is the messaging platform's adapter as the webhook uses it: the
// handler renders and parses HTTP, the platform says who may call and what
// a body means (cloudapi.Webhook for the Cloud API). Implementations are
// safe for concurrent use and hold only configuration.
type Platform interface {
	// Authenticate checks a POST's raw body against its headers, read with
	// header: messaging.ErrNoSignature or ErrBadSignature refuse it.
	Authenticate(header func(name string) string, body []byte) error
	// Handshake answers a subscription handshake from its query, read with
	// query: the text to echo, or messaging.ErrHandshakeDisabled,
	// ErrHandshakeRefused or ErrNoChallenge.
	Handshake(query func(name string) string) (string, error)
	// ParseEnvelope reads a platform callback; it fails only when the body
	// is no envelope at all, and reports unusable items in Batch.Rejected.
	ParseEnvelope(body []byte) (messaging.Batch, error)
	// FromInternal validates an internal inbound payload.
	FromInternal(in messaging.InternalPayload) (messaging.InboundMessage, error)
}

// The refusals of authentication and of the handshake.
var (
	errNoSignature = &problem{fiber.StatusUnauthorized, "missing_signature",
		"X-Hub-Signature-256 is required"}
	errBadSignature = &problem{fiber.StatusUnauthorized, "invalid_signature",
		"X-Hub-Signature-256 does not match the body"}
	errNoVerifyToken = &problem{fiber.StatusForbidden, "verification_disabled",
		"no verify token is configured"}
	errVerifyFailed = &problem{fiber.StatusForbidden, "verification_failed",
		"hub.mode must be subscribe and hub.verify_token must match"}
	errNoChallenge = &problem{fiber.StatusBadRequest, "missing_challenge",
		"hub.challenge is required"}
)

// body returns the raw body of a POST after the checks every POST route
// makes before reading it: the size limit, then the platform's
// authentication. The bytes belong to fiber and are valid only until the
// handler returns; whatever outlives it is decoded (so copied) from them.
//
// It reads the body as sent (c.Request().Body(), not c.Body(), which would
// decompress it): the signature covers the bytes on the wire, and a
// compressed body is refused as invalid JSON rather than inflated.
func (h *Handler) body(c *fiber.Ctx) ([]byte, *problem) {
	raw := c.Request().Body()
	if len(raw) > MaxBodyBytes {
		return nil, errTooLarge
	}
	err := h.platform.Authenticate(func(name string) string { return c.Get(name) }, raw)
	switch {
	case err == nil:
		return raw, nil
	case errors.Is(err, messaging.ErrNoSignature):
		return nil, errNoSignature
	default:
		return nil, errBadSignature
	}
}

// verify answers the platform's subscription handshake by echoing what the
// platform says to echo, as text/plain.
func (h *Handler) verify(c *fiber.Ctx) error {
	challenge, err := h.platform.Handshake(func(name string) string { return c.Query(name) })
	switch {
	case errors.Is(err, messaging.ErrHandshakeDisabled):
		return errNoVerifyToken.write(c)
	case errors.Is(err, messaging.ErrNoChallenge):
		return errNoChallenge.write(c)
	case err != nil:
		h.log.Info("webhook verification refused")
		return errVerifyFailed.write(c)
	}
	// The challenge is reflected: nosniff keeps a browser from reading it as
	// anything but text. SendString copies it out of fiber's buffer.
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderContentType, fiber.MIMETextPlainCharsetUTF8)
	return c.SendString(challenge)
}
