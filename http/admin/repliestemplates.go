package admin

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/atendimento"
)

// templateLanguages are the template languages the form offers, in the
// platform's codes; each reads as admin.replies.lang.<code>.
var templateLanguages = []string{"pt_BR", "pt_PT", "en_US", "en_GB", "en", "es", "es_ES", "es_MX", "es_AR"}

// templateRow is a template as the page shows and edits it. Was is the
// name and language it is stored under ("" for an addition): an edit may
// change both.
type templateRow struct {
	Was, Name, Language, Body string
	// LanguageName and Params are the language and the parameters in words.
	LanguageName, Params string
	Languages            []languageOption
}

// languageOption is one language of a template's select.
type languageOption struct {
	Code, Name string
	Selected   bool
}

// templateID is how the list tells templates apart, as ParseTemplates.
func templateID(name, language string) string { return name + "/" + language }

func (h *Handler) templateRow(name, language, body, was string) templateRow {
	row := templateRow{Was: was, Name: name, Language: language, Body: body, LanguageName: h.languageName(language)}
	switch n := (atendimento.Template{Body: body}).Params(); n {
	case 0:
		row.Params = h.pages.loc.T("admin.replies.params_none")
	case 1:
		row.Params = h.pages.loc.T("admin.replies.params_one")
	default:
		row.Params = h.pages.loc.T("admin.replies.params_many", n)
	}
	codes := templateLanguages
	if language != "" && !slices.Contains(codes, language) {
		codes = append([]string{language}, codes...)
	}
	for _, code := range codes {
		row.Languages = append(row.Languages, languageOption{Code: code, Name: h.languageName(code), Selected: code == language})
	}
	return row
}

// languageName is a language code in words; one the page does not know is
// shown as the platform writes it.
func (h *Handler) languageName(code string) string {
	if key := "admin.replies.lang." + code; h.pages.loc.Has(key) {
		return h.pages.loc.T(key)
	}
	return code
}

// currentTemplates is the stored list; before any save, the seed
// (MESSAGING_TEMPLATES) the console offers.
func (h *Handler) currentTemplates(ctx context.Context) ([]atendimento.Template, error) {
	v, err := h.cfg.Settings.Current(ctx, TemplatesDoc)
	switch {
	case err != nil:
		return nil, err
	case v.Text != "":
		return atendimento.ParseTemplates(v.Text)
	case h.cfg.Templates != nil:
		return h.cfg.Templates.List(), nil
	}
	return nil, nil
}

// saveTemplatePage adds a template, or replaces the one stored as "was",
// and saves the whole list as the next version of the document; refused,
// the page comes back 422 with the reason and what was typed.
func (h *Handler) saveTemplatePage(c *fiber.Ctx) error {
	form := templateRow{
		Was:      strings.Clone(c.FormValue("was")),
		Name:     strings.TrimSpace(strings.Clone(c.FormValue("name"))),
		Language: strings.TrimSpace(strings.Clone(c.FormValue("language"))),
		Body:     strings.TrimSpace(strings.Clone(c.FormValue("body"))),
	}
	refuse := func(reason string) error {
		return h.renderReplies(c, typedReplies{Error: reason, Template: &form})
	}
	t := h.pages.loc.T
	switch {
	case form.Name == "":
		return refuse(t("admin.replies.no_name"))
	case form.Language == "":
		return refuse(t("admin.replies.no_language"))
	case utf8.RuneCountInString(form.Name) > maxTemplateNameRunes:
		return refuse(t("admin.limit.name_long", maxTemplateNameRunes))
	case utf8.RuneCountInString(form.Language) > maxTemplateLangRunes:
		return refuse(t("admin.limit.lang_long", maxTemplateLangRunes))
	case utf8.RuneCountInString(form.Body) > maxTemplateBodyRunes:
		return refuse(t("admin.limit.too_long", maxTemplateBodyRunes))
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	list, err := h.currentTemplates(ctx)
	if err != nil {
		return h.internal(c, "templates not read", err)
	}
	list = slices.Clone(list)
	edited := atendimento.Template{Name: form.Name, Language: form.Language, Body: form.Body}
	at := slices.IndexFunc(list, func(x atendimento.Template) bool {
		return form.Was != "" && templateID(x.Name, x.Language) == form.Was
	})
	for i, x := range list {
		if i != at && templateID(x.Name, x.Language) == templateID(edited.Name, edited.Language) {
			return refuse(t("admin.replies.template_taken", edited.Name, h.languageName(edited.Language)))
		}
	}
	if at >= 0 {
		list[at] = edited
	} else {
		list = append(list, edited)
	}
	return h.saveTemplates(c, list, "template_saved", refuse)
}

// removeTemplatePage removes the template stored as "key"; one already
// gone is removed too.
func (h *Handler) removeTemplatePage(c *fiber.Ctx) error {
	key := c.FormValue("key")
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	list, err := h.currentTemplates(ctx)
	if err != nil {
		return h.internal(c, "templates not read", err)
	}
	kept := slices.DeleteFunc(slices.Clone(list), func(x atendimento.Template) bool { return templateID(x.Name, x.Language) == key })
	if len(kept) == len(list) {
		return repliesDoneRedirect(c, "template_removed")
	}
	return h.saveTemplates(c, kept, "template_removed", func(reason string) error {
		return h.renderReplies(c, typedReplies{Error: reason})
	})
}

// saveTemplates stores list as the document's next version: the console
// offers it at once here, and on every node within PROMPT_REFRESH.
func (h *Handler) saveTemplates(c *fiber.Ctx, list []atendimento.Template, done string, refuse func(string) error) error {
	refusal, err := h.saveSetting(c, TemplatesDoc, atendimento.FormatTemplates(list))
	switch {
	case err != nil:
		return h.internal(c, "templates not saved", err)
	case refusal != "":
		return refuse(h.pages.loc.T("admin.replies.template_refused", refusal))
	}
	return repliesDoneRedirect(c, done)
}
