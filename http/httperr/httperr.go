// Package httperr is the one error shape of every Intake HTTP route:
// {"error": {"code": "...", "message": "..."}} with a matching status, so a
// client handles every failure the same way.
//
// It imports only fiber; every http sub-package may use it.
package httperr

import (
	"errors"

	"github.com/gofiber/fiber/v2"
)

// Body is the JSON error body.
type Body struct {
	Error Detail `json:"error"`
}

// Detail names the error for programs (Code) and explains it to people (Message).
type Detail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Write answers c with status and the error body.
func Write(c *fiber.Ctx, status int, code, message string) error {
	return c.Status(status).JSON(Body{Error: Detail{Code: code, Message: message}})
}

// Handler is fiber's error handler for Intake apps: errors that escape a
// handler still answer in the error shape, and internal details stay in the
// logs, not in the answer.
func Handler(c *fiber.Ctx, err error) error {
	var fe *fiber.Error
	if errors.As(err, &fe) {
		return Write(c, fe.Code, codeFor(fe.Code), fe.Message)
	}
	return Write(c, fiber.StatusInternalServerError, "internal", "internal error")
}

func codeFor(status int) string {
	switch status {
	case fiber.StatusBadRequest:
		return "bad_request"
	case fiber.StatusUnauthorized:
		return "unauthorized"
	case fiber.StatusForbidden:
		return "forbidden"
	case fiber.StatusNotFound:
		return "not_found"
	case fiber.StatusMethodNotAllowed:
		return "method_not_allowed"
	case fiber.StatusRequestEntityTooLarge:
		return "payload_too_large"
	case fiber.StatusUnprocessableEntity:
		return "unprocessable"
	case fiber.StatusServiceUnavailable:
		return "unavailable"
	}
	if status >= 500 {
		return "internal"
	}
	return "error"
}
