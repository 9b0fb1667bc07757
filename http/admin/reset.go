package admin

import (
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
)

// resetAttempts bounds the reloads when the conversation saves while the
// reset closes its session.
const resetAttempts = 3

// ResetResult is the answer of POST /admin/reset, under "reset".
type ResetResult struct {
	PhoneNumber string `json:"phone_number"`
	// ClosedSessionID is the session the reset closed; null when the phone
	// had no open active session.
	ClosedSessionID persistence.NullString `json:"closed_session_id"`
}

// reset answers POST /admin/reset (spec: closes the session and replaces the
// active pointer with <reset>; history stays). The phone comes from the form
// field, JSON field or query parameter "phone". The next message of the phone
// starts a new session. The live conversation, if any, is stopped first, so
// it cannot save the old session back; the next message loads afresh.
func (h *Handler) reset(c *fiber.Ctx) error {
	if !sameOrigin(c) {
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
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	if h.cfg.Conversations != nil {
		if err := h.cfg.Conversations.Forget(ctx, p); err != nil {
			return h.internal(c, "stopping the live conversation failed", err)
		}
	}
	closed, err := h.closeActive(ctx, p)
	if err != nil {
		return h.internal(c, "closing the session failed", err)
	}
	if err := h.sessions.Reset(ctx, p); err != nil {
		return h.internal(c, "reset failed", err)
	}
	res := ResetResult{PhoneNumber: p, ClosedSessionID: persistence.NullString(closed)}
	if wantsHTML(c) {
		c.Type("html", "utf-8")
		return c.SendString("<p class=\"reset\">Conversation of " + template.HTMLEscapeString(p) + " reset.</p>")
	}
	return c.JSON(fiber.Map{"reset": res})
}

// closeActive closes the phone's active session, if it has an open one, and
// returns its ID ("" when there was none).
func (h *Handler) closeActive(ctx context.Context, phone string) (string, error) {
	for range resetAttempts {
		s, err := h.sessions.Active(ctx, phone)
		if errors.Is(err, persistence.ErrNotFound) {
			return "", nil
		}
		if err != nil {
			return "", err
		}
		if s.State == persistence.StateClosed {
			return "", nil
		}
		now := h.cfg.Now().UTC()
		s.State, s.ClosedAt, s.UpdatedAt = persistence.StateClosed, &now, now
		_, err = h.sessions.Save(ctx, s)
		if errors.Is(err, persistence.ErrConflict) {
			continue // the conversation saved meanwhile: close what it saved
		}
		if err != nil {
			return "", err
		}
		return s.SessionID, nil
	}
	return "", errors.New("admin: the session kept changing while closing it")
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

// sameOrigin refuses a reset or a prompt edit posted by another site's page (a browser sends
// Origin with cross-site POSTs): the development pages have no other CSRF
// defence. Requests without Origin (curl, scripts) pass.
func sameOrigin(c *fiber.Ctx) bool {
	origin := c.Get(fiber.HeaderOrigin)
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && strings.EqualFold(u.Host, c.Hostname())
}

// wantsHTML reports a browser form post or an htmx request, which get an
// HTML fragment; every other client (curl, fetch, tests) gets JSON.
func wantsHTML(c *fiber.Ctx) bool {
	return c.Get("HX-Request") == "true" || strings.Contains(c.Get(fiber.HeaderAccept), fiber.MIMETextHTML)
}
