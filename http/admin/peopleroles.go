package admin

import (
	"context"

	"github.com/intake-runtime/intake/persistence"
)

// personRole reads a role from a form: "operator" or "admin"; an absent one
// is fallback. ok is false for anything else.
func personRole(raw string, fallback persistence.Role) (role persistence.Role, ok bool) {
	switch persistence.Role(raw) {
	case "":
		return fallback, true
	case persistence.RoleOperator:
		return persistence.RoleOperator, true
	case persistence.RoleAdmin:
		return persistence.RoleAdmin, true
	}
	return fallback, false
}

// keepsAnAdmin reports whether changing before into after leaves the roster
// at least one enabled admin: without one nobody could log in to /admin to
// undo the change (ADMIN_PHONES seeds only numbers the roster lacks). A
// change that takes away no enabled admin reads nothing; one that does
// lists the roster once.
func keepsAnAdmin(ctx context.Context, roster *persistence.OperatorRoster, before, after persistence.OperatorRecord) (bool, error) {
	if !before.Admin() || after.Admin() {
		return true, nil
	}
	people, err := roster.List(ctx)
	if err != nil {
		return false, err
	}
	for _, p := range people {
		if p.Phone != before.Phone && p.Admin() {
			return true, nil
		}
	}
	return false, nil
}
