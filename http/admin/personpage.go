package admin

import (
	"context"
	"net/url"
	"slices"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/sameorigin"
	"github.com/intake-runtime/intake/persistence"
)

// PersonPath is the page of a person's data (LGPD): type a number, see what
// is held about it by kind, download it all, erase it all.
//
//	GET  /admin/person?phone=…          the form; with a number, the counts
//	GET  /admin/person/export?phone=…   the export, as a download
//	POST /admin/person/erase            erases (phone, confirm), then
//	                                    redirects to ?phone=…&done=erased,
//	                                    which shows the last erasure's
//	                                    CRM/ERP records
const PersonPath = "/admin/person"

func (h *Handler) registerPersonPage(r fiber.Router) {
	r.Get(PersonPath, h.pageAuth, h.personPage)
	r.Get(PersonPath+"/export", h.pageAuth, h.personDownload)
	r.Post(PersonPath+"/erase", h.pageAuth, sameorigin.Check, h.personErasePage)
}

// personPageView is what the page shows.
type personPageView struct {
	// Typed is the number as typed; Phone its canonical form, "" before a
	// number is asked for.
	Typed string
	Phone string
	Kinds []kindCount
	Total int
	// Erased is the erasure just done; Error the refusal or failure.
	Erased *persistence.Erasure
	Error  string
	// Download is the export link.
	Download string
}

// kindCount is one kind of item held, labelled.
type kindCount struct {
	Label string
	N     int
}

func (h *Handler) personPage(c *fiber.Ctx) error {
	view := personPageView{Typed: c.Query("phone")}
	if view.Typed == "" {
		return h.pages.render(c, page{Page: "person", Data: view})
	}
	p, err := h.operatorPhone(view.Typed)
	if err != nil {
		view.Error = h.pages.loc.T("admin.person.bad_phone")
		c.Status(fiber.StatusUnprocessableEntity)
		return h.pages.render(c, page{Page: "person", Data: view})
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	view.Phone, view.Typed = p, messaging.AsTyped(p, h.cfg.DefaultCountry)
	if c.Query("done") == "erased" {
		tombs, err := h.people.Tombstones(ctx, p)
		if err != nil {
			return h.personFailed(c, "tombstone read failed", err)
		}
		if len(tombs) > 0 {
			view.Erased = &tombs[len(tombs)-1]
		}
	}
	data, err := h.people.Find(ctx, messaging.PhoneForms(p))
	if err != nil {
		return h.personFailed(c, "person read failed", err)
	}
	counts := data.Counts()
	for kind, n := range counts {
		view.Kinds = append(view.Kinds, kindCount{Label: h.pages.loc.T("admin.person.kind." + string(kind)), N: n})
		view.Total += n
	}
	slices.SortFunc(view.Kinds, func(a, b kindCount) int { return b.N - a.N })
	view.Download = PersonPath + "/export?phone=" + url.QueryEscape(p)
	return h.pages.render(c, page{Page: "person", Data: view})
}

// personDownload serves the export as a file.
func (h *Handler) personDownload(c *fiber.Ctx) error {
	p, err := h.operatorPhone(c.Query("phone"))
	if err != nil {
		return c.Redirect(PersonPath, fiber.StatusSeeOther)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	out, err := h.export(ctx, p)
	if err != nil {
		return h.personFailed(c, "export failed", err)
	}
	h.audit(c, persistence.AuditExport, p, "")
	c.Attachment("dados-" + messaging.Digits(p) + ".json")
	return c.JSON(out)
}

// personErasePage erases the number posted once the confirmation is ticked.
func (h *Handler) personErasePage(c *fiber.Ctx) error {
	view := personPageView{Typed: c.FormValue("phone")}
	p, err := h.operatorPhone(view.Typed)
	switch {
	case err != nil:
		view.Error = h.pages.loc.T("admin.person.bad_phone")
	case c.FormValue("confirm") != "on":
		view.Error = h.pages.loc.T("admin.person.unconfirmed")
	}
	if view.Error != "" {
		c.Status(fiber.StatusUnprocessableEntity)
		return h.pages.render(c, page{Page: "person", Data: view})
	}
	if _, err := h.erase(c, p, h.author(c)); err != nil {
		view.Phone, view.Error = p, h.pages.loc.T("admin.person.failed")
		c.Status(fiber.StatusInternalServerError)
		return h.pages.render(c, page{Page: "person", Data: view})
	}
	return c.Redirect(PersonPath+"?done=erased&phone="+url.QueryEscape(p), fiber.StatusSeeOther)
}
