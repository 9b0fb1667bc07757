package admin

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/sameorigin"
	"github.com/intake-runtime/intake/persistence"
)

// PeoplePath is the people page: the one roster of operators and admins as
// the owner manages it, the same records the operators API writes.
//
//	GET  /admin/people               the roster, the add form, a flash
//	POST /admin/people               adds a person (phone as typed, name,
//	                                 role)
//	POST /admin/people/{phone}       renames, sets the signature and (with
//	                                 "role") the role, or, with "disabled",
//	                                 disables or enables
//
// Every write redirects back with a flash (?done=…&phone=…); a refused
// write shows the page again with the error and the typed values.
const PeoplePath = "/admin/people"

func (h *Handler) registerPeople(r fiber.Router) {
	r.Get(PeoplePath, h.pageAuth, h.peoplePage)
	r.Post(PeoplePath, h.pageAuth, sameorigin.Check, h.addPerson)
	r.Post(PeoplePath+"/:phone", h.pageAuth, sameorigin.Check, h.updatePerson)
}

// peopleView is what the people page shows.
type peopleView struct {
	People []personView
	// Flash is the message of the write just done; Error that of the
	// write just refused, with the values typed in Phone and Name.
	Flash string
	Error string
	Phone string
	Name  string
	Role  persistence.Role
	// NoAvailability is set when the operators' availability could not be
	// read: the cards then say nothing of it rather than guess.
	NoAvailability bool
}

// personView is one roster entry as the page shows it.
type personView struct {
	persistence.OperatorRecord
	// Typed is the phone as people type it; Path the page's route of the
	// person; IsAdmin their role (enabled or not); Away whether they set
	// themselves away in the console.
	Typed   string
	Path    string
	IsAdmin bool
	Away    bool
}

// flashes are the messages a redirect may ask for, by the "done" value.
var flashes = map[string]string{
	"added":    "admin.people.added",
	"saved":    "admin.people.saved",
	"disabled": "admin.people.disabled_flash",
	"enabled":  "admin.people.enabled_flash",
}

func (h *Handler) peoplePage(c *fiber.Ctx) error {
	view := peopleView{}
	if key, ok := flashes[c.Query("done")]; ok {
		if phone, err := h.operatorPhone(c.Query("phone")); err == nil {
			view.Flash = h.pages.loc.T(key, messaging.AsTyped(phone, h.cfg.DefaultCountry))
		}
	}
	return h.renderPeople(c, view)
}

// renderPeople shows the roster with view's messages.
func (h *Handler) renderPeople(c *fiber.Ctx, view peopleView) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	roster, err := persistence.NewOperatorRoster(h.table).List(ctx)
	if err != nil {
		return h.internal(c, "operator list failed", err)
	}
	away, err := persistence.NewAvailabilities(h.table).Away(ctx)
	if err != nil {
		h.logger.Warn("availability not read; the people page leaves it out", zap.Error(err))
		view.NoAvailability = true
	}
	for _, o := range roster {
		view.People = append(view.People, personView{
			OperatorRecord: o,
			Typed:          messaging.AsTyped(o.Phone, h.cfg.DefaultCountry),
			Path:           PeoplePath + "/" + url.PathEscape(o.Phone),
			IsAdmin:        o.Role == persistence.RoleAdmin,
			Away:           away[o.Phone],
		})
	}
	return h.pages.render(c, page{Page: "people", Data: view})
}

// refuse shows the page again, 422, with the error and what was typed in
// the add form (phone, name, role; empty when the refused form was a
// card's).
func (h *Handler) refuse(c *fiber.Ctx, key, phone, name string, role ...persistence.Role) error {
	c.Status(fiber.StatusUnprocessableEntity)
	view := peopleView{Error: h.pages.loc.T(key), Phone: strings.Clone(phone), Name: strings.Clone(name)}
	if len(role) > 0 {
		view.Role = role[0]
	}
	return h.renderPeople(c, view)
}

// personName reads a name from the page: the operators' rule, and a person
// added or renamed here has a name, which is how the owner tells them apart.
func personName(raw string) (string, string) {
	name, err := operatorName(raw)
	switch {
	case err != nil:
		return "", "admin.people.name_too_long"
	case name == "":
		return "", "admin.people.name_missing"
	}
	return name, ""
}

// addPerson adds a person, enabled and without signature, in the role
// chosen (an operator when none is). A number already on the roster is
// refused: it is changed in its own card, so adding never re-enables or
// renames someone by accident.
func (h *Handler) addPerson(c *fiber.Ctx) error {
	typed, typedName := c.FormValue("phone"), c.FormValue("name")
	role, roleOK := personRole(c.FormValue("role"), persistence.RoleOperator)
	phone, err := h.operatorPhone(typed)
	if err != nil {
		return h.refuse(c, "admin.people.bad_phone", typed, typedName, role)
	}
	name, problem := personName(typedName)
	if problem != "" {
		return h.refuse(c, problem, typed, typedName, role)
	}
	if !roleOK {
		return h.refuse(c, "admin.people.bad_role", typed, typedName)
	}
	roster := persistence.NewOperatorRoster(h.table)
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	switch _, err := roster.Get(ctx, phone); {
	case err == nil:
		return h.refuse(c, "admin.people.exists", typed, typedName, role)
	case !errors.Is(err, persistence.ErrNotFound):
		return h.internal(c, "operator not read", err)
	}
	if err := roster.Put(ctx, persistence.OperatorRecord{Phone: phone, Name: name, Role: role, UpdatedAt: h.cfg.Now()}); err != nil {
		return h.internal(c, "operator not written", err)
	}
	return h.flashBack(c, "added", phone)
}

// updatePerson changes one person. A form with "disabled" ("true" or
// "false") sets only that; otherwise it carries the name, the signature
// checkbox and, when given, the role, and the status stays. A change that
// would leave no enabled admin is refused (see keepsAnAdmin).
func (h *Handler) updatePerson(c *fiber.Ctx) error {
	raw := c.Params("phone")
	if unescaped, err := url.PathUnescape(raw); err == nil {
		raw = unescaped
	}
	phone, err := h.operatorPhone(raw)
	if err != nil {
		return h.refuse(c, "admin.people.bad_phone", "", "")
	}
	roster := persistence.NewOperatorRoster(h.table)
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	o, err := roster.Get(ctx, phone)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return h.refuse(c, "admin.people.unknown", "", "")
	case err != nil:
		return h.internal(c, "operator not read", err)
	}
	before, done := o, "saved"
	if status := c.FormValue("disabled"); status != "" {
		o.Disabled, done = status == "true", "enabled"
		if o.Disabled {
			done = "disabled"
		}
	} else {
		name, problem := personName(c.FormValue("name"))
		if problem != "" {
			return h.refuse(c, problem, "", "")
		}
		role, ok := personRole(c.FormValue("role"), o.Role)
		if !ok {
			return h.refuse(c, "admin.people.bad_role", "", "")
		}
		o.Name, o.Signature, o.Role = name, c.FormValue("signature") == "on", role
	}
	switch keeps, err := keepsAnAdmin(ctx, roster, before, o); {
	case err != nil:
		return h.internal(c, "operator list failed", err)
	case !keeps:
		return h.refuse(c, "admin.people.last_admin", "", "")
	}
	o.UpdatedAt = h.cfg.Now()
	if err := roster.Put(ctx, o); err != nil {
		return h.internal(c, "operator not written", err)
	}
	return h.flashBack(c, done, phone)
}

// flashBack redirects to the page with the flash of done about phone; 303
// so the browser GETs it and a reload posts nothing again.
func (h *Handler) flashBack(c *fiber.Ctx, done, phone string) error {
	q := url.Values{"done": {done}, "phone": {phone}}
	return c.Redirect(PeoplePath+"?"+q.Encode(), fiber.StatusSeeOther)
}
