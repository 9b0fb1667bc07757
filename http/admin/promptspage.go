package admin

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/sameorigin"
	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/settings"
)

// PromptsPath is the prompts page: the agents by name, and below it one
// page per agent (PromptsPath + "/triage"…) where the owner rewrites the
// business part of its instructions. The reply-format protocol is shown
// read-only beside it and is never part of what the form sends
// (promptprotocol.go).
//
//	GET  /admin/settings/prompts                  the agents
//	GET  /admin/settings/prompts/{agent}          the editor and the history
//	POST /admin/settings/prompts/{agent}          saves "text", the business part
//	POST /admin/settings/prompts/{agent}/restore  restores "version"
const PromptsPath = SettingsPath + "/prompts"

func (h *Handler) registerPromptsPage(r fiber.Router) {
	r.Get(PromptsPath, h.pageAuth, h.promptsIndex)
	for _, a := range Agents {
		base := promptPagePath(a)
		r.Get(base, h.pageAuth, func(c *fiber.Ctx) error { return h.promptPage(c, a, promptForm{}) })
		r.Post(base, h.pageAuth, sameorigin.Check, func(c *fiber.Ctx) error { return h.savePromptPage(c, a) })
		h.restoreRoute(r, base, persistence.PromptDoc(string(a)))
	}
}

func promptPagePath(a domain.AgentName) string {
	return PromptsPath + "/" + strings.ToLower(string(a))
}

// agentLink is one agent as the index lists it.
type agentLink struct {
	Name, About, Path string
	Edited            bool
}

// promptsView is what the prompts page shows: the index (Agents) or one
// agent's editor.
type promptsView struct {
	Agents []agentLink

	Name, About, Path string
	// Business is the editable part, as typed when the save was refused;
	// Protocol the protected part.
	Business, Protocol string
	Edited             bool
	History            historyView
	Flash, Error       string
}

// promptForm carries a refused save back to the editor.
type promptForm struct {
	Text, Error string
	Refused     bool
}

func (h *Handler) promptsIndex(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	view := promptsView{}
	for _, a := range Agents {
		current, err := h.cfg.Settings.Current(ctx, persistence.PromptDoc(string(a)))
		if err != nil {
			return h.internal(c, "prompt read failed", err)
		}
		view.Agents = append(view.Agents, agentLink{
			Name: h.agentName(a), About: h.pages.loc.T("admin.prompts.about." + string(a)),
			Path: promptPagePath(a), Edited: current.Version > 0,
		})
	}
	return h.pages.render(c, page{Page: "settings-prompts", Data: view})
}

func (h *Handler) agentName(a domain.AgentName) string {
	return h.pages.loc.T("admin.prompts.agent." + string(a))
}

// promptPage shows a's editor; form holds a refused save.
func (h *Handler) promptPage(c *fiber.Ctx, a domain.AgentName, form promptForm) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	v, err := h.promptView(ctx, a)
	if err != nil {
		return h.internal(c, "prompt read failed", err)
	}
	base := promptPagePath(a)
	history, err := h.history(ctx, persistence.PromptDoc(string(a)), base)
	if err != nil {
		return h.internal(c, "prompt history failed", err)
	}
	view := promptsView{
		Name: h.agentName(a), About: h.pages.loc.T("admin.prompts.about." + string(a)), Path: base,
		Business: v.Business, Protocol: v.Protocol, Edited: v.CurrentVersion > 0, History: history,
		Error: form.Error,
	}
	var refusal string
	view.Flash, refusal = h.settingsMessages(c)
	if refusal != "" {
		view.Error = refusal
	}
	if form.Refused {
		view.Business = form.Text
		c.Status(fiber.StatusUnprocessableEntity)
	}
	return h.pages.render(c, page{Page: "settings-prompts", Data: view})
}

// savePromptPage stores the form's text as a's next version. The protocol
// is not in the form: the agent runs the text followed by it.
func (h *Handler) savePromptPage(c *fiber.Ctx, a domain.AgentName) error {
	text := strings.Clone(c.FormValue("text"))
	refuse := func(reason string) error {
		return h.promptPage(c, a, promptForm{Text: text, Error: reason, Refused: true})
	}
	switch {
	case strings.TrimSpace(text) == "":
		return refuse(h.pages.loc.T("admin.prompts.empty"))
	case len(text) > MaxPromptBytes:
		return refuse(h.pages.loc.T("admin.prompts.too_long"))
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	_, err := h.cfg.Settings.Save(ctx, persistence.PromptDoc(string(a)), text, h.author(c))
	var protocol *ProtocolBroken
	var refused *settings.Refused
	switch {
	case errors.As(err, &protocol):
		return refuse(h.inLang(protocol.Reason))
	case errors.As(err, &refused):
		return refuse(refused.Error())
	case err != nil:
		return h.internal(c, "prompt not saved", err)
	}
	return c.Redirect(promptPagePath(a)+"?"+url.Values{"done": {"saved"}}.Encode(), fiber.StatusSeeOther)
}

// inLang is t in the pages' language.
func (h *Handler) inLang(t locale.Text) string {
	if h.cfg.Lang == locale.English {
		return t.EN
	}
	return t.PT
}
