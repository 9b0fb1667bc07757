package admin

import (
	"context"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/sameorigin"
	"github.com/intake-runtime/intake/persistence"
)

// RepliesPath is the page of what operators send ready-made: the saved
// replies they type as /code in the console (persistence.SavedReplies) and
// the approved message templates the console offers once a customer's
// 24-hour window closed (the versioned "templates" document).
//
//	GET  /admin/settings/replies                   both lists, the templates' versions
//	POST /admin/settings/replies/saved             adds or edits a saved reply
//	POST /admin/settings/replies/saved/remove      removes one ("code")
//	POST /admin/settings/replies/templates         adds or edits a template
//	POST /admin/settings/replies/templates/remove  removes one ("key")
//	POST /admin/settings/replies/restore           restores a templates version
const RepliesPath = SettingsPath + "/replies"

func (h *Handler) registerRepliesPage(r fiber.Router) {
	r.Get(RepliesPath, h.pageAuth, func(c *fiber.Ctx) error { return h.renderReplies(c, typedReplies{}) })
	r.Post(RepliesPath+"/saved", h.pageAuth, sameorigin.Check, h.saveReplyPage)
	r.Post(RepliesPath+"/saved/remove", h.pageAuth, sameorigin.Check, h.removeReplyPage)
	r.Post(RepliesPath+"/templates", h.pageAuth, sameorigin.Check, h.saveTemplatePage)
	r.Post(RepliesPath+"/templates/remove", h.pageAuth, sameorigin.Check, h.removeTemplatePage)
	h.restoreRoute(r, RepliesPath, TemplatesDoc)
}

// repliesView is what the replies page shows: the lists, the addition
// forms (Reply, Template), a flash or the reason of a refusal.
type repliesView struct {
	Replies   []replyForm
	Templates []templateRow
	Reply     replyForm
	Template  templateRow
	Flash     string
	Error     string
	History   historyView
}

// typedReplies is a refused form: the reason, and what was typed, shown
// in the addition form or in place of the row it edits.
type typedReplies struct {
	Error    string
	Reply    *replyForm
	Template *templateRow
}

// repliesDone are the flashes of the redirects after a change, by ?done=.
var repliesDone = map[string]string{
	"reply_saved":      "admin.replies.reply_saved",
	"reply_removed":    "admin.replies.reply_removed",
	"template_saved":   "admin.replies.template_saved",
	"template_removed": "admin.replies.template_removed",
	"restored":         "admin.history.restored",
}

// renderReplies shows the page with the lists as stored and, after a
// refusal (a 422), what was typed.
func (h *Handler) renderReplies(c *fiber.Ctx, typed typedReplies) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	view := repliesView{Template: h.templateRow("", "pt_BR", "", ""), Error: typed.Error}
	replies, err := persistence.NewSavedReplies(h.table).List(ctx)
	if err != nil {
		return h.internal(c, "saved replies not read", err)
	}
	for _, s := range replies {
		row := replyForm{Code: s.Code, Text: s.Text, Edit: true}
		if typed.Reply != nil && typed.Reply.Edit && typed.Reply.Code == s.Code {
			row.Text = typed.Reply.Text
		}
		view.Replies = append(view.Replies, row)
	}
	if typed.Reply != nil && !typed.Reply.Edit {
		view.Reply = *typed.Reply
	}
	templates, err := h.currentTemplates(ctx)
	if err != nil {
		return h.internal(c, "templates not read", err)
	}
	for _, t := range templates {
		row := h.templateRow(t.Name, t.Language, t.Body, templateID(t.Name, t.Language))
		if typed.Template != nil && typed.Template.Was == row.Was {
			row = h.templateRow(typed.Template.Name, typed.Template.Language, typed.Template.Body, row.Was)
		}
		view.Templates = append(view.Templates, row)
	}
	if typed.Template != nil && typed.Template.Was == "" {
		view.Template = h.templateRow(typed.Template.Name, typed.Template.Language, typed.Template.Body, "")
	}
	if view.History, err = h.history(ctx, TemplatesDoc, RepliesPath); err != nil {
		return h.internal(c, "templates history not read", err)
	}
	switch {
	case view.Error != "":
		c.Status(fiber.StatusUnprocessableEntity)
	case c.Query("refused") != "":
		view.Error = h.pages.loc.T("admin.history.refused_restore", c.Query("refused"))
	case repliesDone[c.Query("done")] != "":
		view.Flash = h.pages.loc.T(repliesDone[c.Query("done")])
	}
	return h.pages.render(c, page{Page: "settings-replies", Data: view})
}

// repliesDoneRedirect goes back to the page with the flash of done.
func repliesDoneRedirect(c *fiber.Ctx, done string) error {
	return c.Redirect(RepliesPath+"?done="+done, fiber.StatusSeeOther)
}
