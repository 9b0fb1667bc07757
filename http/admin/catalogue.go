package admin

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/sameorigin"
)

// CataloguePath is the catalogue page: the services the agents may offer,
// one card each, edited field by field. Every change renders the whole
// catalogue and saves it as the catalogue setting's next version, checked
// as the file is (content.CheckCatalogue).
//
//	GET  /admin/settings/catalogue          the services, the add form, the versions
//	POST /admin/settings/catalogue          adds (no "service"), changes or,
//	                                        with "remove", removes the service
//	                                        named "service"
//	POST /admin/settings/catalogue/restore  makes an old version current
const CataloguePath = SettingsPath + "/catalogue"

// serviceForm is one service as its card's form carries it: aliases as
// typed, comma-separated.
type serviceForm struct {
	// Key is the canonical name the card was drawn with ("" for the add
	// form): the service a change applies to, even when it renames it.
	Key         string
	Name        string
	Segment     string
	Aliases     string
	Description string
	Packages    []string
}

// serviceCard is one form of the page: a service's card, or the add
// form. ID prefixes its fields' IDs; Error is the reason its last change
// was refused.
type serviceCard struct {
	ID       string
	Form     serviceForm
	Error    string
	Segments []content.Segment
	Packages []content.Package
}

// catalogueView is what the catalogue page shows.
type catalogueView struct {
	Services []serviceCard
	// Add is the add form: empty, or what was typed when it was refused.
	Add serviceCard
	// Flash is the message of the change just done; Error that of a
	// restore refused.
	Flash   string
	Error   string
	History historyView
}

// registerContentPages mounts the catalogue page and the knowledge pages.
func (h *Handler) registerContentPages(r fiber.Router) {
	r.Get(CataloguePath, h.pageAuth, h.cataloguePage)
	r.Post(CataloguePath, h.pageAuth, sameorigin.Check, h.changeCatalogue)
	h.restoreRoute(r, CataloguePath, content.CatalogueDoc)
	h.registerKnowledge(r)
}

func (h *Handler) cataloguePage(c *fiber.Ctx) error {
	flash, refusal := h.settingsFlash(c)
	return h.renderCatalogue(c, catalogueView{Flash: flash, Error: refusal}, serviceForm{}, "")
}

// renderCatalogue shows the catalogue served now; when refusal is set, the
// card of typed.Key (the add form when "") shows it with what was typed.
func (h *Handler) renderCatalogue(c *fiber.Ctx, view catalogueView, typed serviceForm, refusal string) error {
	catalogue := h.prompts.Catalogue()
	var packages []content.Package
	for _, id := range h.prompts.PackageIDs() {
		if p, err := h.prompts.Package(id); err == nil {
			packages = append(packages, p)
		}
	}
	card := func(id string, f serviceForm) serviceCard {
		if refusal != "" && f.Key == typed.Key {
			return serviceCard{ID: id, Form: typed, Error: refusal, Segments: catalogue.Segments, Packages: packages}
		}
		return serviceCard{ID: id, Form: f, Segments: catalogue.Segments, Packages: packages}
	}
	for i, s := range catalogue.Services {
		view.Services = append(view.Services, card(fmt.Sprintf("s%d", i), serviceForm{
			Key: s.Name, Name: s.Name, Segment: s.Segment, Aliases: strings.Join(s.Aliases, ", "),
			Description: s.Description, Packages: s.Packages,
		}))
	}
	view.Add = card("new", serviceForm{})
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	history, err := h.history(ctx, content.CatalogueDoc, CataloguePath)
	if err != nil {
		return h.internal(c, "catalogue history not read", err)
	}
	view.History = history
	return h.pages.render(c, page{Page: "settings-catalogue", Data: view})
}

// changeCatalogue applies one card's change to the catalogue served now and
// saves the result; a refused one shows the page again, 422, with the
// reason on the card and what was typed.
func (h *Handler) changeCatalogue(c *fiber.Ctx) error {
	typed := serviceForm{
		Key:         strings.Clone(c.FormValue("service")),
		Name:        strings.TrimSpace(c.FormValue("name")),
		Segment:     strings.Clone(c.FormValue("segment")),
		Aliases:     strings.Clone(c.FormValue("aliases")),
		Description: strings.TrimSpace(c.FormValue("description")),
	}
	for _, p := range c.Context().PostArgs().PeekMulti("packages") {
		typed.Packages = append(typed.Packages, string(p))
	}
	catalogue := h.prompts.Catalogue()
	services := slices.Clone(catalogue.Services)
	at := slices.IndexFunc(services, func(s content.Service) bool { return s.Name == typed.Key })
	refuse := func(reason string) error {
		c.Status(fiber.StatusUnprocessableEntity)
		return h.renderCatalogue(c, catalogueView{}, typed, reason)
	}
	if typed.Key != "" && at < 0 {
		typed.Key = "" // the service went away meanwhile: what was typed lands in the add form
		return refuse(h.pages.loc.T("admin.catalogue.gone"))
	}
	service := content.Service{
		Name: typed.Name, Segment: typed.Segment, Description: typed.Description,
		Aliases: splitAliases(typed.Aliases), Packages: typed.Packages,
	}
	done := "saved"
	switch {
	case typed.Key == "":
		services, done = append(services, service), "added"
	case c.FormValue("remove") != "":
		services, done = slices.Delete(services, at, at+1), "removed"
	default:
		services[at] = service
	}
	catalogue.Services = services
	text, err := catalogue.Text()
	if err != nil {
		return h.internal(c, "catalogue not rendered", err)
	}
	refusal, err := h.saveSetting(c, content.CatalogueDoc, text)
	switch {
	case err != nil:
		return h.internal(c, "catalogue not saved", err)
	case refusal != "":
		return refuse(refusal)
	}
	return c.Redirect(CataloguePath+"?"+url.Values{"done": {done}}.Encode(), fiber.StatusSeeOther)
}

// splitAliases reads the aliases as typed: comma-separated, blanks and
// repeats dropped.
func splitAliases(typed string) []string {
	var aliases []string
	for _, a := range strings.Split(typed, ",") {
		if a = strings.TrimSpace(a); a != "" && !slices.Contains(aliases, a) {
			aliases = append(aliases, a)
		}
	}
	return aliases
}

// settingsFlash reads the flash a settings page was redirected with: a
// change done (?done=…) or a restore refused (?refused=reason).
func (h *Handler) settingsFlash(c *fiber.Ctx) (flash, refusal string) {
	if reason := c.Query("refused"); reason != "" {
		return "", h.pages.loc.T("admin.history.refused_restore", strings.Clone(reason))
	}
	if key, ok := settingsFlashes[c.Query("done")]; ok {
		return h.pages.loc.T(key), ""
	}
	return "", ""
}

// settingsFlashes are the messages a settings page's redirect may ask for.
var settingsFlashes = map[string]string{
	"saved":    "admin.settings.saved",
	"restored": "admin.history.restored",
	"added":    "admin.catalogue.added",
	"removed":  "admin.catalogue.removed",
}

// Uses tells whether the service uses knowledge package id, for its
// checkbox.
func (f serviceForm) Uses(id string) bool { return slices.Contains(f.Packages, id) }
