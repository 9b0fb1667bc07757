package admin

import (
	"bytes"
	"context"
	"html/template"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/yuin/goldmark"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/sameorigin"
)

// KnowledgePath is the knowledge pages: the packages an agent may read
// about a service, each a Markdown text saved as its own setting
// (content.PackageDocs + ID).
//
//	GET  /admin/settings/knowledge               the packages, the new-package form
//	POST /admin/settings/knowledge               creates a package (id, text)
//	GET  /admin/settings/knowledge/{id}          the editor, its preview, the versions
//	POST /admin/settings/knowledge/{id}          saves, or with "preview" only shows it
//	POST /admin/settings/knowledge/{id}/restore  makes an old version current
const KnowledgePath = SettingsPath + "/knowledge"

// markdown renders the previews with goldmark's defaults: raw HTML in the
// text is left out and links to javascript: are dropped, so a package
// cannot put script into the page that previews it.
var markdown = goldmark.New()

// knowledgeView is what the package list shows.
type knowledgeView struct {
	Packages []content.Package
	// ID and Text are what was typed in the new-package form when it was
	// refused with Error.
	ID    string
	Text  string
	Error string
}

// packageView is what a package's editor shows.
type packageView struct {
	ID    string
	Title string
	Text  string
	// Preview is Text rendered; Previewing says it is not saved yet.
	Preview    template.HTML
	Previewing bool
	Path       string
	Flash      string
	Error      string
	History    historyView
}

func (h *Handler) registerKnowledge(r fiber.Router) {
	r.Get(KnowledgePath, h.pageAuth, h.knowledgePage)
	r.Post(KnowledgePath, h.pageAuth, sameorigin.Check, h.addPackage)
	r.Get(KnowledgePath+"/:id", h.pageAuth, h.packagePage)
	r.Post(KnowledgePath+"/:id", h.pageAuth, sameorigin.Check, h.savePackage)
	r.Post(KnowledgePath+"/:id/restore", h.pageAuth, sameorigin.Check, func(c *fiber.Ctx) error {
		id, ok := h.knownPackage(c)
		if !ok {
			return h.unknownPackage(c)
		}
		return h.restoreSetting(c, content.PackageDocs+id, packagePath(id))
	})
}

func packagePath(id string) string { return KnowledgePath + "/" + url.PathEscape(id) }

func (h *Handler) knowledgePage(c *fiber.Ctx) error {
	return h.renderKnowledge(c, knowledgeView{})
}

func (h *Handler) renderKnowledge(c *fiber.Ctx, view knowledgeView) error {
	for _, id := range h.prompts.PackageIDs() {
		if p, err := h.prompts.Package(id); err == nil {
			view.Packages = append(view.Packages, p)
		}
	}
	return h.pages.render(c, page{Page: "settings-knowledge", Data: view})
}

// addPackage creates a package. An ID in use is refused: that package is
// edited on its own page, so creating never overwrites one by accident.
func (h *Handler) addPackage(c *fiber.Ctx) error {
	id, text := strings.TrimSpace(c.FormValue("id")), strings.Clone(c.FormValue("text"))
	refuse := func(reason string) error {
		c.Status(fiber.StatusUnprocessableEntity)
		return h.renderKnowledge(c, knowledgeView{ID: id, Text: text, Error: reason})
	}
	if _, err := h.prompts.Package(id); err == nil {
		return refuse(h.pages.loc.T("admin.knowledge.exists"))
	}
	refusal, err := h.saveSetting(c, content.PackageDocs+id, text)
	switch {
	case err != nil:
		return h.internal(c, "knowledge package not saved", err)
	case refusal != "":
		return refuse(refusal)
	}
	return c.Redirect(packagePath(id)+"?done=saved", fiber.StatusSeeOther)
}

// knownPackage is the package ID of the route, when a package has it.
func (h *Handler) knownPackage(c *fiber.Ctx) (string, bool) {
	id, err := url.PathUnescape(c.Params("id"))
	if err != nil {
		return "", false
	}
	_, err = h.prompts.Package(id)
	return strings.Clone(id), err == nil
}

func (h *Handler) unknownPackage(c *fiber.Ctx) error {
	c.Status(fiber.StatusNotFound)
	return c.SendString(h.pages.loc.T("admin.knowledge.unknown"))
}

func (h *Handler) packagePage(c *fiber.Ctx) error {
	id, ok := h.knownPackage(c)
	if !ok {
		return h.unknownPackage(c)
	}
	p, _ := h.prompts.Package(id)
	flash, refusal := h.settingsFlash(c)
	return h.renderPackage(c, packageView{ID: id, Text: p.Content, Flash: flash, Error: refusal})
}

// savePackage saves the text typed, or with "preview" shows it rendered
// without saving; a refused text is shown again, 422, with the reason.
func (h *Handler) savePackage(c *fiber.Ctx) error {
	id, ok := h.knownPackage(c)
	if !ok {
		return h.unknownPackage(c)
	}
	view := packageView{ID: id, Text: strings.Clone(c.FormValue("text"))}
	if c.FormValue("preview") != "" {
		view.Previewing = true
		return h.renderPackage(c, view)
	}
	refusal, err := h.saveSetting(c, content.PackageDocs+id, view.Text)
	switch {
	case err != nil:
		return h.internal(c, "knowledge package not saved", err)
	case refusal != "":
		view.Error = refusal
		c.Status(fiber.StatusUnprocessableEntity)
		return h.renderPackage(c, view)
	}
	return c.Redirect(packagePath(id)+"?done=saved", fiber.StatusSeeOther)
}

func (h *Handler) renderPackage(c *fiber.Ctx, view packageView) error {
	view.Path = packagePath(view.ID)
	if p, err := h.prompts.Package(view.ID); err == nil {
		view.Title = p.Title
	}
	var html bytes.Buffer
	if err := markdown.Convert([]byte(view.Text), &html); err != nil {
		return h.internal(c, "knowledge preview not rendered", err)
	}
	// goldmark escapes the text and omits raw HTML (see markdown).
	view.Preview = template.HTML(html.String())
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	history, err := h.history(ctx, content.PackageDocs+view.ID, view.Path)
	if err != nil {
		return h.internal(c, "knowledge history not read", err)
	}
	view.History = history
	return h.pages.render(c, page{Page: "settings-package", Data: view})
}
