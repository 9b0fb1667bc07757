package admin

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
)

// getPrompt answers GET /admin/api/prompts/{agent_id}: {"prompt": {...}}
// with the effective text, the current version and the history.
func (h *Handler) getPrompt(c *fiber.Ctx) error {
	a, err := agentParam(c)
	if err != nil {
		return done(err)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	v, err := h.promptView(ctx, a)
	if err != nil {
		return h.internal(c, "prompt read failed", err)
	}
	return c.JSON(fiber.Map{"prompt": v})
}

// putPrompt answers PUT /admin/api/prompts/{agent_id} with body
// {"text": "..."}: the text becomes the next version, current at once on
// this node. 201 with {"prompt": {...}, "version": n}. The text is the
// business part, or the whole prompt with its protocol unchanged; one that
// changes the protocol is 422 "protocol_broken" with the reason.
func (h *Handler) putPrompt(c *fiber.Ctx) error {
	a, err := agentParam(c)
	if err != nil {
		return done(err)
	}
	var body struct {
		Text *string `json:"text"`
	}
	// json.Unmarshal copies strings out of fiber's buffer: the text outlives
	// the request in the content store.
	if err := json.Unmarshal(c.Body(), &body); err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_json", `the body must be a JSON object {"text": "..."}`)
	}
	switch {
	case body.Text == nil || strings.TrimSpace(*body.Text) == "":
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "empty_text", "text must hold the new prompt")
	case len(*body.Text) > MaxPromptBytes:
		return httperr.Write(c, fiber.StatusRequestEntityTooLarge, "prompt_too_large", "text must be at most 100 KiB")
	case !utf8.ValidString(*body.Text):
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "invalid_text", "text must be UTF-8")
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	saved, err := h.cfg.Settings.Save(ctx, persistence.PromptDoc(string(a)), *body.Text, "api")
	var protocol *ProtocolBroken
	if errors.As(err, &protocol) {
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "protocol_broken", protocol.Error())
	}
	if err != nil {
		return h.internal(c, "prompt write failed", err)
	}
	v, err := h.promptView(ctx, a)
	if err != nil {
		return h.internal(c, "prompt read failed", err)
	}
	c.Location("/admin/api/prompts/" + string(a))
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"prompt": v, "version": saved.Version})
}

// agentParam reads {agent_id}, answering 404 for an agent without a prompt.
func agentParam(c *fiber.Ctx) (domain.AgentName, error) {
	a, ok := agent(c.Params("agent_id"))
	if !ok {
		return "", answer(httperr.Write(c, fiber.StatusNotFound, "unknown_agent",
			"no such agent; the agents are TRIAGE, QUALIFIER, REGISTRAR and SUMMARIZER"))
	}
	return a, nil
}
