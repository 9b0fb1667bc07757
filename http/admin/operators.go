package admin

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
)

// The operators API: the one roster (OPERATOR_PHONES only seeds it) of who
// may use the console and gets handoff notices and transfers;
// admins add operators, name them, disable them and turn their signature on.
//
//	GET /admin/api/operators          {"operators": [...]}, by phone
//	PUT /admin/api/operators/{phone}  {"name": "Ana", "disabled": false, "signature": true, "role": "admin"}
//	                                  → {"operator": {...}}; adds or replaces;
//	                                  without "role" a person keeps theirs
//	                                  (operator when new); 409 last_admin when
//	                                  it would leave no enabled admin
func (h *Handler) registerOperators(api fiber.Router) {
	api.Get("/operators", h.listOperators)
	api.Put("/operators/:phone", h.putOperator)
}

func (h *Handler) listOperators(c *fiber.Ctx) error {
	return h.list(c, "operators", func(ctx context.Context) (any, error) {
		return persistence.NewOperatorRoster(h.table).List(ctx)
	})
}

// maxOperatorName bounds a name, which prefixes messages when signed.
const maxOperatorName = 60

// errNameTooLong refuses a name over maxOperatorName characters.
var errNameTooLong = errors.New("admin: operator name too long")

// operatorName is the one rule of an operator's name, for the API and the
// people page: trimmed, at most maxOperatorName characters. The result is a
// new string that may outlive the request.
func operatorName(raw string) (string, error) {
	name := strings.Clone(strings.TrimSpace(raw))
	if len([]rune(name)) > maxOperatorName {
		return "", errNameTooLong
	}
	return name, nil
}

func (h *Handler) putOperator(c *fiber.Ctx) error {
	number, err := h.typedPhone(c, c.Params("phone"))
	if err != nil {
		return done(err)
	}
	var body struct {
		Name      string `json:"name"`
		Disabled  bool   `json:"disabled"`
		Signature bool   `json:"signature"`
		Role      string `json:"role"`
	}
	// json.Unmarshal copies the name out of fiber's buffer.
	if err := json.Unmarshal(c.Body(), &body); err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_json", `the body must be a JSON object {"name", "disabled", "signature"}`)
	}
	name, err := operatorName(body.Name)
	if err != nil {
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "name_too_long", "name must be at most 60 characters")
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	roster := persistence.NewOperatorRoster(h.table)
	before, err := roster.Get(ctx, number)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return h.internal(c, "operator not read", err)
	}
	role, ok := personRole(body.Role, before.Role)
	if !ok {
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "bad_role", `role must be "operator" or "admin"`)
	}
	if role == "" { // new, or stored before roles: an operator
		role = persistence.RoleOperator
	}
	o := persistence.OperatorRecord{Phone: number, Name: name, Disabled: body.Disabled, Signature: body.Signature, Role: role, UpdatedAt: h.cfg.Now()}
	switch keeps, err := keepsAnAdmin(ctx, roster, before, o); {
	case err != nil:
		return h.internal(c, "operator list failed", err)
	case !keeps:
		return httperr.Write(c, fiber.StatusConflict, "last_admin", "this is the last enabled admin; make someone else an admin first")
	}
	if err := roster.Put(ctx, o); err != nil {
		return h.internal(c, "operator not written", err)
	}
	return c.JSON(fiber.Map{"operator": o})
}
