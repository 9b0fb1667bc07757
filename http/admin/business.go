package admin

import (
	"encoding/json"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/http/sameorigin"
)

// BusinessPath is the business page: the name, the greeting and the
// farewell (BusinessDoc), saved as a new version, with the history.
//
//	GET  /admin/settings/business           the form, the flash, the history
//	POST /admin/settings/business           saves the three texts
//	POST /admin/settings/business/restore   restores a version
const BusinessPath = SettingsPath + "/business"

func (h *Handler) registerBusiness(r fiber.Router) {
	r.Get(BusinessPath, h.pageAuth, h.businessPage)
	r.Post(BusinessPath, h.pageAuth, sameorigin.Check, h.saveBusiness)
	h.restoreRoute(r, BusinessPath, BusinessDoc)
}

// businessView is what the business page shows: the texts in force (or,
// after a refusal, as typed), the messages and the history.
type businessView struct {
	conversation.BusinessText
	Flash, Error string
	History      historyView
}

func (h *Handler) businessPage(c *fiber.Ctx) error {
	view := businessView{BusinessText: h.cfg.Business.Current()}
	view.Flash, view.Error = h.settingsMessages(c)
	if h.cfg.Business == nil {
		view.BusinessText = conversation.SeedBusiness()
	}
	return h.renderBusiness(c, view)
}

func (h *Handler) renderBusiness(c *fiber.Ctx, view businessView) error {
	history, err := h.history(c.UserContext(), BusinessDoc, BusinessPath)
	if err != nil {
		return h.internal(c, "business history not read", err)
	}
	view.History = history
	return h.pages.render(c, page{Page: "settings-business", Data: view})
}

// saveBusiness stores the form as the next version; a refused one shows
// the page again, 422, with the reason and what was typed.
func (h *Handler) saveBusiness(c *fiber.Ctx) error {
	typed := conversation.BusinessText{
		Name: c.FormValue("name"), Greeting: c.FormValue("greeting"), Farewell: c.FormValue("farewell"),
	}
	doc, err := json.Marshal(typed)
	if err != nil {
		return h.internal(c, "business not encoded", err)
	}
	refusal, err := h.saveSetting(c, BusinessDoc, string(doc))
	switch {
	case err != nil:
		return h.internal(c, "business not saved", err)
	case refusal != "":
		c.Status(fiber.StatusUnprocessableEntity)
		return h.renderBusiness(c, businessView{BusinessText: typed, Error: refusal})
	}
	return c.Redirect(BusinessPath+"?done=saved", fiber.StatusSeeOther)
}
