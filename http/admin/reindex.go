package admin

import (
	"context"
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/persistence"
)

// reindexTimeout bounds one reindex request, which scans the table.
const reindexTimeout = reportTimeout

// Reindexed is the answer of POST /admin/api/sessions/reindex.
type Reindexed struct {
	// Sessions is how many sessions were saved again into the index.
	Sessions int `json:"sessions"`
	// Scan is the table read; when Truncated, run it again for the rest.
	Scan ScanInfo `json:"scan"`
}

// reindexSessions answers POST /admin/api/sessions/reindex: every session a
// release before the session index stored (persistence.Sessions.Unindexed:
// closed ones are never saved again by themselves) is saved again, which
// indexes it for the conversation lists and writes its search lookups. It
// scans the table, so it is maintenance, run once after the upgrade; a
// session saved meanwhile by its conversation is indexed already and skipped.
func (h *Handler) reindexSessions(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), reindexTimeout)
	defer cancel()
	var out Reindexed
	info, err := scanPages(func(cursor string, limit int32) (int, string, error) {
		page, err := h.sessions.Unindexed(ctx, cursor, limit)
		if err != nil {
			return 0, "", err
		}
		for _, s := range page.Sessions {
			if _, err := h.sessions.Save(ctx, s); errors.Is(err, persistence.ErrConflict) {
				continue // its conversation saved it meanwhile, which indexed it
			} else if err != nil {
				return 0, "", err
			}
			out.Sessions++
		}
		return page.Matched, page.Next, nil
	})
	if err != nil {
		return h.internal(c, "session reindex failed", err)
	}
	out.Scan = info
	return c.JSON(out)
}
