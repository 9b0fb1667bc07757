package persistence

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Projections stores the CRM sync projections: the durable intent the session
// actor records and the sync job converges. There is no queue for the CRM; the
// gsi1 partitions by status are the backlog. It is safe for concurrent use.
type Projections struct {
	table Table
}

// NewProjections returns the projection repository over table.
func NewProjections(table Table) *Projections { return &Projections{table: table} }

// Get returns the projection of a session.
func (r *Projections) Get(ctx context.Context, sessionID string) (CRMProjection, error) {
	item, err := r.table.Get(ctx, CRMProjection{SessionID: sessionID}.Key())
	if err != nil {
		return CRMProjection{}, fmt.Errorf("persistence: projection of %s: %w", sessionID, err)
	}
	return DecodeProjection(item)
}

// PutDesired records the CRM state the session should have and returns the
// projection. The same desired state again changes nothing. A new revision
// makes the projection PENDING and due now (or when a live lease ends), with
// attempts and errors reset; CRM identifiers, etag, confirmed revision and any
// lease are kept, and pending_since keeps the start of a backlog that was
// already pending.
func (r *Projections) PutDesired(ctx context.Context, sessionID string, d Desired, now time.Time) (CRMProjection, error) {
	for range casAttempts {
		cur, w, err := r.desired(ctx, sessionID, d, now)
		if err != nil || w == nil {
			return cur, err
		}
		var item Item
		if w.Kind == TxPut {
			item, err = w.Item, r.table.Put(ctx, w.Item, w.Condition)
		} else {
			item, err = r.table.Update(ctx, w.Key, w.Update, w.Condition)
		}
		if errors.Is(err, ErrConflict) {
			continue // created, or another revision landed: recompute from it
		}
		if err != nil {
			return CRMProjection{}, fmt.Errorf("persistence: put desired state of %s: %w", sessionID, err)
		}
		return DecodeProjection(item)
	}
	return CRMProjection{}, fmt.Errorf("persistence: put desired state of %s: still contended after %d attempts: %w", sessionID, casAttempts, ErrConflict)
}

// DesiredTx is PutDesired as one write of a turn's transaction: nil when the
// projection already holds d. The write is conditional on the projection as
// read here, so a commit that raced another intent loses (ErrConflict) and
// is rebuilt instead of overwriting it.
func (r *Projections) DesiredTx(ctx context.Context, sessionID string, d Desired, now time.Time) (*TxWrite, error) {
	_, w, err := r.desired(ctx, sessionID, d, now)
	return w, err
}

// desired reads the session's projection and returns it with the write that
// records d on it; no write when it holds d already.
func (r *Projections) desired(ctx context.Context, sessionID string, d Desired, now time.Time) (CRMProjection, *TxWrite, error) {
	d.normalize()
	rev, err := Revision(d)
	if err != nil {
		return CRMProjection{}, nil, err
	}
	now = now.UTC()
	cur, err := r.Get(ctx, sessionID)
	if errors.Is(err, ErrNotFound) {
		w, err := r.createTx(sessionID, d, rev, now)
		return CRMProjection{}, w, err
	}
	if err != nil || cur.Revision == rev {
		return cur, nil, err
	}
	pendingSince := now
	if cur.Status != ProjectionSynced && cur.PendingSince != nil {
		pendingSince = *cur.PendingSince
	}
	next := now // a live lease keeps the projection out of Due until it ends
	if cur.LeaseUntil != nil && cur.LeaseUntil.After(now) {
		next = *cur.LeaseUntil
	}
	upd := Update{
		Set: map[string]any{
			"desired":         d,
			"revision":        rev,
			"status":          string(ProjectionPending),
			"attempts":        0,
			"next_attempt_at": FormatTime(next),
			"pending_since":   FormatTime(pendingSince),
			"updated_at":      FormatTime(now),
			AttrGSI1PK:        ProjectionIndexPK(ProjectionPending),
			AttrGSI1SK:        ProjectionIndexSK(next, sessionID),
		},
		Remove: []string{"last_error", "last_error_kind"},
	}
	w := UpdateTx(cur.Key(), upd, Equal("revision", cur.Revision).Ptr())
	return cur, &w, nil
}

// createTx is the write of a session's first projection.
func (r *Projections) createTx(sessionID string, d Desired, rev string, now time.Time) (*TxWrite, error) {
	p := CRMProjection{
		SessionID:     sessionID,
		Desired:       d,
		Revision:      rev,
		Status:        ProjectionPending,
		NextAttemptAt: now,
		PendingSince:  &now,
		CreatedAt:     now,
		UpdatedAt:     now,
	}
	item, err := EncodeProjection(p)
	if err != nil {
		return nil, err
	}
	w := PutTx(item, NotExists(AttrPK).Ptr())
	return &w, nil
}

// Due returns up to limit projections (all when limit <= 0) that are PENDING
// or UNCERTAIN with next_attempt_at at or before now, earliest first.
// Projections under an unexpired lease are not due: AcquireLease moves their
// next attempt to the lease's end.
func (r *Projections) Due(ctx context.Context, now time.Time, limit int) ([]CRMProjection, error) {
	var due []CRMProjection
	for _, status := range []ProjectionStatus{ProjectionPending, ProjectionUncertain} {
		ps, err := r.indexed(ctx, status, dueUpTo(now), limit)
		if err != nil {
			return nil, err
		}
		due = append(due, ps...)
	}
	slices.SortFunc(due, func(a, b CRMProjection) int {
		if c := a.NextAttemptAt.Compare(b.NextAttemptAt); c != 0 {
			return c
		}
		return strings.Compare(a.SessionID, b.SessionID)
	})
	if limit > 0 && len(due) > limit {
		due = due[:limit]
	}
	return due, nil
}

// InStatus returns every projection in status, earliest next attempt first,
// for the sync job's backlog metrics. SYNCED projections are not indexed and
// cannot be listed.
func (r *Projections) InStatus(ctx context.Context, status ProjectionStatus) ([]CRMProjection, error) {
	if !status.indexed() {
		return nil, fmt.Errorf("persistence: projections in status %q are not indexed", status)
	}
	return r.indexed(ctx, status, "", 0)
}

func (r *Projections) indexed(ctx context.Context, status ProjectionStatus, upTo string, limit int) ([]CRMProjection, error) {
	items, err := queryIndexAll(ctx, r.table, IndexQuery{GSI1PK: ProjectionIndexPK(status), SKUpTo: upTo}, limit)
	if err != nil {
		return nil, fmt.Errorf("persistence: %s projections: %w", status, err)
	}
	ps := make([]CRMProjection, 0, len(items))
	for _, item := range items {
		p, err := DecodeProjection(item)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}
