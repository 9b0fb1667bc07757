package dashboard

import (
	"context"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/httperr"
)

// Parameters is the emulator's parameter store under PARAMETER_PREFIX, the
// path `serve` and `sync` read their configuration from: the Parameters tab
// shows it and edits it.
type Parameters interface {
	// Prefix is the path shown ("/" when PARAMETER_PREFIX is unset).
	Prefix() string
	// List returns the parameters under Prefix, in name order.
	List(ctx context.Context) ([]Parameter, error)
	// Put stores value as the parameter name (a variable name) under
	// Prefix, a SecureString when secure; an invalid name is an error.
	Put(ctx context.Context, name, value string, secure bool) error
}

// Parameter is one stored parameter as the tab shows it: a SecureString's
// value is never sent to the page.
type Parameter struct {
	Name    string `json:"name"`
	Value   string `json:"value,omitempty"`
	Secure  bool   `json:"secure"`
	Version int64  `json:"version"`
}

// parameters serves GET /dashboard/parameters.
func (h *Handler) parameters(c *fiber.Ctx) error {
	list, err := h.deps.Parameters.List(c.UserContext())
	if err != nil {
		h.logger.Error("parameters not listed", zap.Error(err))
		return httperr.Write(c, fiber.StatusInternalServerError, "parameters_unreadable", err.Error())
	}
	for i := range list {
		if list[i].Secure {
			list[i].Value = ""
		}
	}
	return c.JSON(fiber.Map{"prefix": h.deps.Parameters.Prefix(), "parameters": append([]Parameter{}, list...)})
}

// putParameter serves POST /dashboard/parameters with {"name", "value",
// "secure"}: the name is a variable name, stored under the prefix; the next
// `serve` or `sync` reading the path sees it.
func (h *Handler) putParameter(c *fiber.Ctx) error {
	var body struct {
		Name   string `json:"name"`
		Value  string `json:"value"`
		Secure bool   `json:"secure"`
	}
	if err := c.BodyParser(&body); err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "bad_body", `the body must be {"name", "value", "secure"}`)
	}
	name, value := strings.TrimSpace(body.Name), strings.Clone(body.Value)
	if strings.TrimSpace(value) == "" {
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "invalid_parameter", "the value must not be empty")
	}
	if len(value) > maxParameterBytes {
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "value_too_long",
			fmt.Sprintf("the value is over %d bytes, a standard parameter's bound", maxParameterBytes))
	}
	if err := h.deps.Parameters.Put(c.UserContext(), name, value, body.Secure); err != nil {
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "invalid_parameter", err.Error())
	}
	h.logger.Info("parameter stored from the dashboard", zap.String("name", name), zap.Bool("secure", body.Secure))
	return h.parameters(c)
}
