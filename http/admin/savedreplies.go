package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
)

// The saved replies API: the operators' ready answers, typed as /code in the
// console's reply box.
//
//	GET    /admin/api/saved-replies        {"saved_replies": [...]}, by code
//	PUT    /admin/api/saved-replies/{code} {"text": "..."} → {"saved_reply": {...}}
//	DELETE /admin/api/saved-replies/{code} 204, 404 when there is none
func (h *Handler) registerSavedReplies(api fiber.Router) {
	api.Get("/saved-replies", h.listSavedReplies)
	api.Put("/saved-replies/:code", h.putSavedReply)
	api.Delete("/saved-replies/:code", h.deleteSavedReply)
}

func (h *Handler) listSavedReplies(c *fiber.Ctx) error {
	return h.list(c, "saved_replies", func(ctx context.Context) (any, error) {
		return persistence.NewSavedReplies(h.table).List(ctx)
	})
}

// list answers a read of a whole small list: {key: [...]}.
func (h *Handler) list(c *fiber.Ctx, key string, read func(context.Context) (any, error)) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	list, err := read(ctx)
	if err != nil {
		return h.internal(c, key+" not read", err)
	}
	return c.JSON(fiber.Map{key: list})
}

// putSavedReply copies the code out of fiber's buffers: it is stored.
func (h *Handler) putSavedReply(c *fiber.Ctx) error {
	var body struct {
		Text string `json:"text"`
	}
	// json.Unmarshal copies the text out of fiber's buffer.
	if err := json.Unmarshal(c.Body(), &body); err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_json", `the body must be a JSON object {"text": "..."}`)
	}
	if utf8.RuneCountInString(body.Text) > maxSavedReplyRunes {
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "text_too_long",
			fmt.Sprintf("the text is over %d characters: a saved reply is one WhatsApp message", maxSavedReplyRunes))
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	s, err := persistence.NewSavedReplies(h.table).Put(ctx, persistence.SavedReply{Code: strings.Clone(c.Params("code")), Text: body.Text, UpdatedAt: h.cfg.Now()})
	switch {
	case errors.Is(err, persistence.ErrBadSavedReply):
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "invalid_saved_reply",
			"the code must be 1 to 32 lower-case letters, digits, - or _, and text must not be empty")
	case err != nil:
		return h.internal(c, "saved reply not written", err)
	}
	return c.JSON(fiber.Map{"saved_reply": s})
}

func (h *Handler) deleteSavedReply(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	err := persistence.NewSavedReplies(h.table).Delete(ctx, strings.Clone(c.Params("code")))
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return httperr.Write(c, fiber.StatusNotFound, "not_found", "no saved reply has this code")
	case err != nil:
		return h.internal(c, "saved reply not deleted", err)
	}
	return c.SendStatus(fiber.StatusNoContent)
}
