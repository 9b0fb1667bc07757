package admin

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/http/login"
	"github.com/intake-runtime/intake/http/sameorigin"
)

// ResetResult is the answer of POST /admin/reset, under "reset".
type ResetResult struct {
	PhoneNumber string `json:"phone_number"`
	// ClosedSessionID is the session the reset closed; null when the phone
	// had no open active session.
	ClosedSessionID domain.NullString `json:"closed_session_id"`
}

// reset answers POST /admin/reset (spec: closes the session and replaces the
// active pointer with <reset>; history stays). The phone comes from the form
// field, JSON field or query parameter "phone". The next message of the phone
// starts a new session. The phone's conversation does it, as it does every
// close (OPERATOR_ACTION_RESET): the session closes in the conversation's own
// commit, with the closed session's desired CRM state and the pointer reset,
// so no live conversation can save the old session over it.
func (h *Handler) reset(c *fiber.Ctx) error {
	if !sameorigin.OK(c) {
		return httperr.Write(c, fiber.StatusForbidden, "cross_origin", "reset must be posted from this server's own pages")
	}
	raw, err := resetPhone(c)
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_json", `the body must be a JSON object {"phone": "..."}`)
	}
	p, err := phone(c, raw)
	if err != nil {
		return done(err)
	}
	if h.cfg.Conversations == nil {
		return httperr.Write(c, fiber.StatusServiceUnavailable, "no_conversations", "this server runs no conversations to reset")
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	out, err := h.cfg.Conversations.Operate(ctx, &sessionpb.OperatorCommand{
		PhoneNumber: p,
		Action:      sessionpb.OperatorAction_OPERATOR_ACTION_RESET,
		Source:      login.Source(c, h.cfg.TrustedProxies),
	})
	if err == nil && !out.GetOk() {
		err = fmt.Errorf("admin: reset refused: %s: %s", out.GetCode(), out.GetMessage())
	}
	if err != nil {
		return h.internal(c, "reset failed", err)
	}
	res := ResetResult{PhoneNumber: p, ClosedSessionID: domain.NullString(out.GetClosedSessionId())}
	if wantsHTML(c) {
		c.Type("html", "utf-8")
		return c.SendString("<p class=\"reset\">Conversation of " + template.HTMLEscapeString(p) + " reset.</p>")
	}
	return c.JSON(fiber.Map{"reset": res})
}

// resetPhone finds the phone of a reset in a JSON body, the form, or the
// query string.
func resetPhone(c *fiber.Ctx) (string, error) {
	if c.Is("json") {
		var body struct {
			Phone string `json:"phone"`
		}
		if err := json.Unmarshal(c.Body(), &body); err != nil {
			return "", err
		}
		return body.Phone, nil
	}
	if v := c.FormValue("phone"); v != "" {
		return v, nil
	}
	return c.Query("phone"), nil
}

// wantsHTML reports a browser form post or an htmx request, which get an
// HTML fragment; every other client (curl, fetch, tests) gets JSON.
func wantsHTML(c *fiber.Ctx) bool {
	return c.Get("HX-Request") == "true" || strings.Contains(c.Get(fiber.HeaderAccept), fiber.MIMETextHTML)
}
