package persistence

import (
	"context"
	"fmt"
	"time"
)

// AcquireLease gives owner the right to sync the session's projection until
// until, and returns the projection as leased. It counts an attempt and moves
// next_attempt_at to until, so the projection leaves Due while leased and
// comes back by itself if the worker dies. It is ErrConflict when another
// owner holds an unexpired lease, or when the projection is not PENDING or
// UNCERTAIN (synced or blocked meanwhile, or absent). The owner may renew its
// own lease. A projection a release before the sharded index left in the
// legacy partition moves to its shard here.
func (r *Projections) AcquireLease(ctx context.Context, sessionID, owner string, until, now time.Time) (CRMProjection, error) {
	cond := And(
		Or(Equal("status", string(ProjectionPending)), Equal("status", string(ProjectionUncertain))),
		Or(NotExists("lease_until"), Less("lease_until", FormatTime(now)), Equal("lease_owner", owner)),
	)
	upd := Update{
		Set: map[string]any{
			"lease_owner":     owner,
			"lease_until":     FormatTime(until),
			"next_attempt_at": FormatTime(until),
			"updated_at":      FormatTime(now),
			AttrGSI1PK:        ProjectionIndexPK(ProjectionPending, sessionID),
			AttrGSI1SK:        ProjectionIndexSK(until, sessionID),
		},
		Add: map[string]int64{"attempts": 1},
	}
	item, err := r.table.Update(ctx, CRMProjection{SessionID: sessionID}.Key(), upd, cond.Ptr())
	if err != nil {
		return CRMProjection{}, fmt.Errorf("persistence: lease projection of %s: %w", sessionID, err)
	}
	return DecodeProjection(item)
}

// Save writes the projection as the lease owner left it: a checkpoint while
// it keeps LeaseOwner and LeaseUntil, a release when it clears them. Its gsi1
// keys follow Status and NextAttemptAt. It is ErrConflict when owner no longer
// holds the lease or the desired revision changed since p was read; then
// reload with Get, carry over what the CRM answered (IDs, etag), and Save
// again: a new revision keeps the lease.
func (r *Projections) Save(ctx context.Context, p CRMProjection, owner string) error {
	item, err := EncodeProjection(p)
	if err != nil {
		return err
	}
	cond := And(Equal("lease_owner", owner), Equal("revision", p.Revision))
	if err := r.table.Put(ctx, item, cond.Ptr()); err != nil {
		return fmt.Errorf("persistence: save projection of %s: %w", p.SessionID, err)
	}
	return nil
}
