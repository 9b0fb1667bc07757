package admin

import (
	"context"
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/persistence"
)

// replyForm is a saved reply as its form holds it: the code (the title the
// operator types after "/") and the text. Edit says the code exists and
// only the text changes; an addition may not take an existing code.
type replyForm struct {
	Code, Text string
	Edit       bool
}

// saveReplyPage adds or edits a saved reply; refused, the page comes back
// 422 with the reason and what was typed.
func (h *Handler) saveReplyPage(c *fiber.Ctx) error {
	form := replyForm{
		Code: strings.TrimSpace(strings.Clone(c.FormValue("code"))),
		Text: strings.Clone(c.FormValue("text")),
		Edit: c.FormValue("edit") == "true",
	}
	refuse := func(key string, args ...any) error {
		return h.renderReplies(c, typedReplies{Error: h.pages.loc.T(key, args...), Reply: &form})
	}
	code, ok := persistence.SavedReplyCode(form.Code)
	switch {
	case !ok:
		return refuse("admin.replies.bad_code")
	case strings.TrimSpace(form.Text) == "":
		return refuse("admin.replies.empty_text")
	case utf8.RuneCountInString(form.Text) > maxSavedReplyRunes:
		return refuse("admin.limit.too_long", maxSavedReplyRunes)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	repo := persistence.NewSavedReplies(h.table)
	if !form.Edit {
		list, err := repo.List(ctx)
		if err != nil {
			return h.internal(c, "saved replies not read", err)
		}
		if slices.ContainsFunc(list, func(s persistence.SavedReply) bool { return s.Code == code }) {
			return refuse("admin.replies.code_taken", code)
		}
	}
	if _, err := repo.Put(ctx, persistence.SavedReply{Code: code, Text: form.Text, UpdatedAt: h.cfg.Now()}); err != nil {
		return h.internal(c, "saved reply not written", err)
	}
	return repliesDoneRedirect(c, "reply_saved")
}

// removeReplyPage removes the saved reply "code"; one already gone is
// removed too, as the owner wanted.
func (h *Handler) removeReplyPage(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	err := persistence.NewSavedReplies(h.table).Delete(ctx, strings.Clone(c.FormValue("code")))
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return h.internal(c, "saved reply not deleted", err)
	}
	return repliesDoneRedirect(c, "reply_removed")
}
