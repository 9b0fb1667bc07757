package admin

import (
	"context"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// apiTimeout bounds the table calls of one API request.
const apiTimeout = 10 * time.Second

// SessionView is a session as the API shows it: the stored record, with the
// CRM and ERP state enriched from its projection (spec: erp_synced and
// crm_synced are historical; the state read back comes from the projection).
type SessionView struct {
	domain.Session
	// CRMSyncStatus is the projection's status; absent without a projection.
	CRMSyncStatus persistence.ProjectionStatus `json:"crm_sync_status,omitempty"`
}

// getSession answers GET /admin/api/sessions/{phone}: {"session": {...}}.
func (h *Handler) getSession(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	s, err := h.activeSession(ctx, c)
	if err != nil {
		return done(err)
	}
	view := SessionView{Session: withLabelList(s)}
	p, err := h.projections.Get(ctx, s.SessionID)
	switch {
	case err == nil:
		view.CRMSyncStatus = p.Status
		view.Session = projection.ReadBack(view.Session, p)
	case !errors.Is(err, persistence.ErrNotFound):
		return h.internal(c, "projection read failed", err)
	}
	return c.JSON(fiber.Map{"session": view})
}

// getMessages answers GET /admin/api/sessions/{phone}/messages with the log
// of the active session, or of ?session_id= (any session of the phone),
// oldest first: {"messages": [...]}. Superseded answers are included; their
// error field says so.
func (h *Handler) getMessages(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	var s domain.Session
	var err error
	if raw := c.Query("session_id"); raw != "" {
		s, err = h.namedSession(ctx, c, raw)
	} else {
		s, err = h.activeSession(ctx, c)
	}
	if err != nil {
		return done(err)
	}
	msgs, err := h.messages.List(ctx, s.PhoneNumber, s.SessionID)
	if err != nil {
		return h.internal(c, "message log read failed", err)
	}
	return c.JSON(fiber.Map{"messages": msgs})
}

// getProjection answers GET /admin/api/projections/{session_id}:
// {"projection": {...}}.
func (h *Handler) getProjection(c *fiber.Ctx) error {
	id, err := sessionID(c, c.Params("session_id"))
	if err != nil {
		return done(err)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	p, err := h.projections.Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return httperr.Write(c, fiber.StatusNotFound, "projection_not_found", "the session has no CRM projection")
	}
	if err != nil {
		return h.internal(c, "projection read failed", err)
	}
	return c.JSON(fiber.Map{"projection": p})
}

// Demand listing bounds: ?limit= defaults to defaultDemands, at most maxDemands.
const (
	defaultDemands = 100
	maxDemands     = 1000
)

// getDemands answers GET /admin/api/demands[?limit=N], newest first:
// {"demands": [...]}.
func (h *Handler) getDemands(c *fiber.Ctx) error {
	limit, err := intQuery(c, "limit", defaultDemands, 1, maxDemands)
	if err != nil {
		return done(err)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	ds, err := h.demands.List(ctx, limit)
	if err != nil {
		return h.internal(c, "demand list failed", err)
	}
	return c.JSON(fiber.Map{"demands": ds})
}

// activeSession reads the {phone} parameter and the phone's active session,
// answering 400 or 404 itself.
func (h *Handler) activeSession(ctx context.Context, c *fiber.Ctx) (domain.Session, error) {
	p, err := phone(c, c.Params("phone"))
	if err != nil {
		return domain.Session{}, err
	}
	s, err := h.sessions.Active(ctx, p)
	if errors.Is(err, persistence.ErrNotFound) {
		return domain.Session{}, answer(httperr.Write(c, fiber.StatusNotFound, "no_active_session", "the phone has no active session"))
	}
	if err != nil {
		return domain.Session{}, answer(h.internal(c, "session read failed", err))
	}
	return s, nil
}

// namedSession reads the {phone} parameter and the phone's session raw names.
func (h *Handler) namedSession(ctx context.Context, c *fiber.Ctx, raw string) (domain.Session, error) {
	p, err := phone(c, c.Params("phone"))
	if err != nil {
		return domain.Session{}, err
	}
	id, err := sessionID(c, raw)
	if err != nil {
		return domain.Session{}, err
	}
	s, err := h.sessions.Get(ctx, p, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return domain.Session{}, answer(httperr.Write(c, fiber.StatusNotFound, "session_not_found", "the phone has no session with that ID"))
	}
	if err != nil {
		return domain.Session{}, answer(h.internal(c, "session read failed", err))
	}
	return s, nil
}

// internal logs a failure with its cause and answers 500 without it: table
// errors stay in the logs, not in answers.
func (h *Handler) internal(c *fiber.Ctx, what string, err error) error {
	h.logger.Error(what, zap.String("path", redact.Phones(c.Path())), zap.Error(err))
	return httperr.Write(c, fiber.StatusInternalServerError, "internal", what)
}
