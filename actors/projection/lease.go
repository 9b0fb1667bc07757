package projection

import (
	"context"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// acquire leases a projection to owner until until, counting an attempt and
// moving next_attempt_at to until so it leaves Due while leased. It is
// persistence.Projections.AcquireLease with one more condition: the projection
// must still be due at now. A worker's list of due projections is stale by the
// time it reaches an entry; without that condition it would lease a
// projection another worker has just released with a backoff, or with the
// reconcile delay after an uncertain create, and retry it at once, searching
// the CRM before its index shows the deal and creating a second one. The
// error is persistence.ErrConflict when the projection is leased, not due, no
// longer PENDING or UNCERTAIN, or absent.
func acquire(ctx context.Context, table persistence.Table, sessionID, owner string, until, now time.Time) (persistence.CRMProjection, error) {
	nowText := persistence.FormatTime(now)
	cond := persistence.And(
		persistence.Or(
			persistence.Equal("status", string(persistence.ProjectionPending)),
			persistence.Equal("status", string(persistence.ProjectionUncertain)),
		),
		persistence.Or(persistence.NotExists("lease_until"), persistence.Less("lease_until", nowText)),
		persistence.Or(persistence.Less("next_attempt_at", nowText), persistence.Equal("next_attempt_at", nowText)),
	)
	upd := persistence.Update{
		Set: map[string]any{
			"lease_owner":          owner,
			"lease_until":          persistence.FormatTime(until),
			"next_attempt_at":      persistence.FormatTime(until),
			"updated_at":           nowText,
			persistence.AttrGSI1SK: persistence.ProjectionIndexSK(until, sessionID),
		},
		Add: map[string]int64{"attempts": 1},
	}
	key := persistence.CRMProjection{SessionID: sessionID}.Key()
	item, err := table.Update(ctx, key, upd, cond.Ptr())
	if err != nil {
		return persistence.CRMProjection{}, fmt.Errorf("projection: lease %s: %w", sessionID, err)
	}
	return persistence.DecodeProjection(item)
}
