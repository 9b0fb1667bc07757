package admin

import (
	"context"
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
)

// SessionList is one page of GET /admin/api/sessions: the sessions, newest
// created first, and the cursor of the next page (null on the last).
type SessionList struct {
	Sessions   []domain.Session `json:"sessions"`
	NextCursor *string          `json:"next_cursor"`
}

// getSessions answers GET /admin/api/sessions?state=&service=&operator=&label=&from=&to=&limit=&cursor=
// from the session index (persistence.Sessions.List), never a scan.
func (h *Handler) getSessions(c *fiber.Ctx) error {
	list, err := h.listSessions(c)
	if err != nil {
		return done(err)
	}
	return c.JSON(list)
}

// listSessions reads the request's filter and lists one page; a bad
// parameter or cursor answers 400 and returns errAnswered.
func (h *Handler) listSessions(c *fiber.Ctx) (SessionList, error) {
	q, err := readSessionQuery(c)
	if err != nil {
		return SessionList{}, err
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	page, err := h.sessions.List(ctx, q.Filter, q.Limit, q.Cursor)
	if errors.Is(err, persistence.ErrInvalidCursor) {
		return SessionList{}, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_cursor", "cursor must be a next_cursor of this list"))
	}
	if err != nil {
		return SessionList{}, answer(h.internal(c, "session list failed", err))
	}
	for i := range page.Sessions {
		page.Sessions[i] = withLabelList(page.Sessions[i])
	}
	list := SessionList{Sessions: page.Sessions}
	if page.Next != "" {
		list.NextCursor = &page.Next
	}
	return list, nil
}

// withLabelList is s with its labels as a list, empty rather than null, as
// the API and its export show them.
func withLabelList(s domain.Session) domain.Session {
	if s.Labels == nil {
		s.Labels = []string{}
	}
	return s
}
