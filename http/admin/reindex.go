package admin

import (
	"context"
	"errors"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
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
// release before the session index stored (no gsi1 keys: closed ones are
// never saved again by themselves) is saved again, which indexes it for the
// conversation lists and writes its search lookups. It scans the table, so
// it is maintenance, run once after the upgrade; a session saved meanwhile
// by its conversation is indexed already and skipped.
func (h *Handler) reindexSessions(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), reindexTimeout)
	defer cancel()
	unindexed := persistence.And(persistence.Exists("state"), persistence.Exists("phone_number"),
		persistence.Exists("created_at"), persistence.NotExists(persistence.AttrGSI1PK))
	var out Reindexed
	info, err := scan(ctx, h.table, &unindexed, func(item persistence.Item) error {
		if sk, _ := item[persistence.AttrSK].(*types.AttributeValueMemberS); sk == nil || !strings.HasPrefix(sk.Value, "S#") {
			return nil // not a session snapshot
		}
		s, err := persistence.DecodeSession(item)
		if err != nil {
			return err
		}
		if _, err := h.sessions.Save(ctx, s); errors.Is(err, persistence.ErrConflict) {
			return nil // its conversation saved it meanwhile, which indexed it
		} else if err != nil {
			return err
		}
		out.Sessions++
		return nil
	})
	if err != nil {
		return h.internal(c, "session reindex failed", err)
	}
	out.Scan = info
	return c.JSON(out)
}
