package admin

import (
	"context"
	"errors"
	"net/url"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/sameorigin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/settings"
)

// SettingsPath is the settings index: one card per setting the owner runs
// the business with, each its own page below it (SettingsPath + "/…").
// Every settings page shows its history (templates/_history.html) and
// restores a version through restoreSetting.
const SettingsPath = "/admin/settings"

func (h *Handler) registerSettings(r fiber.Router) {
	r.Get(SettingsPath, h.pageAuth, h.settingsPage)
}

func (h *Handler) settingsPage(c *fiber.Ctx) error {
	return h.pages.render(c, page{Page: "settings"})
}

// author is who saves from the pages: the admin logged in, or "dev" on a
// development runner, whose pages are open.
func (h *Handler) author(c *fiber.Ctx) string {
	if phone, ok := c.Locals(adminPhoneKey).(string); ok {
		return phone
	}
	return "dev"
}

// versionRow is one stored version as a history lists it.
type versionRow struct {
	persistence.Version
	// Who is the author as people read it: the number as typed, or a label.
	Who     string
	Current bool
}

// historyView is what templates/_history.html shows: a setting's versions,
// newest first (the first is current), and the route its restore buttons
// post to.
type historyView struct {
	Rows   []versionRow
	Action string
}

// history lists doc's versions for the page at base (restored through
// restoreRoute(base, doc)).
func (h *Handler) history(ctx context.Context, doc, base string) (historyView, error) {
	versions, err := h.cfg.Settings.History(ctx, doc)
	if err != nil {
		return historyView{}, err
	}
	rows := make([]versionRow, len(versions))
	for i, v := range versions {
		rows[i] = versionRow{Version: v, Who: h.authorText(v.Author), Current: i == 0}
	}
	return historyView{Rows: rows, Action: base + "/restore"}, nil
}

func (h *Handler) authorText(author string) string {
	switch author {
	case "":
		return h.pages.loc.T("admin.history.unknown")
	case "api":
		return h.pages.loc.T("admin.history.api")
	case "dev":
		return h.pages.loc.T("admin.history.dev")
	}
	return messaging.AsTyped(author, h.cfg.DefaultCountry)
}

// saveSetting stores text as doc's next version from a page. A text the
// document refuses is returned as the reason for the owner (refusal), with
// no error; a failure to store is an error.
func (h *Handler) saveSetting(c *fiber.Ctx, doc, text string) (refusal string, err error) {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	_, err = h.cfg.Settings.Save(ctx, doc, text, h.author(c))
	var refused *settings.Refused
	if errors.As(err, &refused) {
		return refused.Error(), nil
	}
	return "", err
}

// restoreSetting handles a page's restore form (field "version") for doc
// and redirects to back with ?done=restored, or with ?refused=… when the
// old text no longer passes the document's check (it may name a knowledge
// package removed since).
func (h *Handler) restoreSetting(c *fiber.Ctx, doc, back string) error {
	n, err := strconv.Atoi(c.FormValue("version"))
	if err != nil || n < 1 {
		return h.badVersion(c)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	_, err = h.cfg.Settings.Restore(ctx, doc, n, h.author(c))
	var refused *settings.Refused
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return h.badVersion(c)
	case errors.As(err, &refused):
		return c.Redirect(back+"?"+url.Values{"refused": {refused.Error()}}.Encode(), fiber.StatusSeeOther)
	case err != nil:
		return h.internal(c, "setting not restored", err)
	}
	return c.Redirect(back+"?done=restored", fiber.StatusSeeOther)
}

func (h *Handler) badVersion(c *fiber.Ctx) error {
	c.Status(fiber.StatusUnprocessableEntity)
	return c.SendString(h.pages.loc.T("admin.history.bad_version"))
}

// restoreRoute mounts POST <base>/restore for doc, redirecting to base.
func (h *Handler) restoreRoute(r fiber.Router, base, doc string) {
	r.Post(base+"/restore", h.pageAuth, sameorigin.Check, func(c *fiber.Ctx) error {
		return h.restoreSetting(c, doc, base)
	})
}

// settingsMessages are a settings page's messages after a redirect (see
// restoreSetting): the flash of a save or restore, or the reason a restore
// was refused.
func (h *Handler) settingsMessages(c *fiber.Ctx) (flash, refusal string) {
	switch {
	case c.Query("done") == "saved":
		return h.pages.loc.T("admin.settings.saved"), ""
	case c.Query("done") == "restored":
		return h.pages.loc.T("admin.history.restored"), ""
	case c.Query("refused") != "":
		return "", h.pages.loc.T("admin.history.refused_restore", c.Query("refused"))
	}
	return "", ""
}
