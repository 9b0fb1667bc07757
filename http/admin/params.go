package admin

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"unicode"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/httperr"
)

// errAnswered tells a handler that a helper already wrote the error answer.
var errAnswered = errors.New("admin: answered")

// done finishes a handler whose helper failed: errAnswered means the answer
// is written, anything else goes to the app's error handler.
func done(err error) error {
	if errors.Is(err, errAnswered) {
		return nil
	}
	return err
}

// phone reads a phone from raw (a path parameter or form value): with or
// without "+", URL-encoded or not ("%2B5511…"). The result is the
// normalized "+<digits>", a new string that may outlive the request.
func phone(c *fiber.Ctx, raw string) (string, error) {
	if unescaped, err := url.PathUnescape(raw); err == nil {
		raw = unescaped
	}
	p, err := messaging.NormalizeSender(raw)
	if err != nil {
		return "", answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_phone", "the phone number must hold digits, e.g. +5511999990000"))
	}
	return p, nil
}

// typedPhone reads an operator's number as an admin types it (URL-encoded
// in the path): "(11) 98888-7777" in DefaultCountry, or with its country
// code, in the identity form the console's login gives the same operator,
// so the roster entry is the one their login looks up. The API speaks
// English, as the rest of it.
func (h *Handler) typedPhone(c *fiber.Ctx, raw string) (string, error) {
	if unescaped, err := url.PathUnescape(raw); err == nil {
		raw = unescaped
	}
	p, err := h.operatorPhone(raw)
	if err != nil {
		return "", answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_phone",
			"not a phone number: give it with its area code, e.g. (11) 98888-7777, or with its country code, e.g. +5511988887777"))
	}
	return p, nil
}

// operatorPhone is the one rule of an operator's number, for the API and
// the people page: as typed in DefaultCountry, or with its country code.
func (h *Handler) operatorPhone(typed string) (string, error) {
	return messaging.ParseTyped(typed, h.cfg.DefaultCountry)
}

// maxIDLength bounds IDs taken from URLs: table keys built from them stay
// far below DynamoDB's key limits whatever a caller sends.
const maxIDLength = 200

// sessionID reads a session ID from raw, as a new string.
func sessionID(c *fiber.Ctx, raw string) (string, error) {
	if unescaped, err := url.PathUnescape(raw); err == nil {
		raw = unescaped
	}
	ok := raw != "" && len(raw) <= maxIDLength && strings.IndexFunc(raw, func(r rune) bool {
		return unicode.IsSpace(r) || !unicode.IsPrint(r)
	}) < 0
	if !ok {
		return "", answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_session_id", "the session ID must be 1 to 200 printable characters without spaces"))
	}
	return strings.Clone(raw), nil
}

// intQuery reads an optional whole-number query parameter in [lo, hi];
// absent returns def.
func intQuery(c *fiber.Ctx, name string, def, lo, hi int) (int, error) {
	raw := c.Query(name)
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		return 0, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_"+name,
			name+" must be a whole number from "+strconv.Itoa(lo)+" to "+strconv.Itoa(hi)))
	}
	return n, nil
}

// answer turns the result of writing an error answer into errAnswered, or
// the write's own failure.
func answer(writeErr error) error {
	if writeErr != nil {
		return writeErr
	}
	return errAnswered
}
