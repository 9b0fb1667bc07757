package persistence

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/intake-runtime/intake/domain"
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
func (r *Projections) PutDesired(ctx context.Context, sessionID string, d domain.Desired, now time.Time) (CRMProjection, error) {
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
func (r *Projections) DesiredTx(ctx context.Context, sessionID string, d domain.Desired, now time.Time) (*TxWrite, error) {
	_, w, err := r.desired(ctx, sessionID, d, now)
	return w, err
}

// desired reads the session's projection and returns it with the write that
// records d on it; no write when it holds d already.
func (r *Projections) desired(ctx context.Context, sessionID string, d domain.Desired, now time.Time) (CRMProjection, *TxWrite, error) {
	d.Normalize()
	rev, err := domain.Revision(d)
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
			AttrGSI1PK:        ProjectionIndexPK(ProjectionPending, sessionID),
			AttrGSI1SK:        ProjectionIndexSK(next, sessionID),
		},
		Remove: []string{"last_error", "last_error_kind"},
	}
	w := UpdateTx(cur.Key(), upd, Equal("revision", cur.Revision).Ptr())
	return cur, &w, nil
}

// createTx is the write of a session's first projection.
func (r *Projections) createTx(sessionID string, d domain.Desired, rev string, now time.Time) (*TxWrite, error) {
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

// Backlog is every indexed projection (PENDING, UNCERTAIN and BLOCKED),
// earliest next attempt first: what the sync job works on and reports.
type Backlog []CRMProjection

// Backlog reads the whole backlog through gsi1, not a scan: every shard of
// the due projections, the legacy partitions, and the BLOCKED partition. An
// idle backlog costs those queries and nothing else.
func (r *Projections) Backlog(ctx context.Context) (Backlog, error) {
	return r.indexed(ctx, []ProjectionStatus{ProjectionPending, ProjectionUncertain, ProjectionBlocked})
}

// InStatus returns every projection in status, earliest next attempt first.
// SYNCED projections are not indexed and cannot be listed.
func (r *Projections) InStatus(ctx context.Context, status ProjectionStatus) ([]CRMProjection, error) {
	if !status.indexed() {
		return nil, fmt.Errorf("persistence: projections in status %q are not indexed", status)
	}
	return r.indexed(ctx, []ProjectionStatus{status})
}

// Due returns up to limit projections of the backlog (all when limit <= 0)
// that are PENDING or UNCERTAIN with next_attempt_at at or before now,
// earliest first. Projections under an unexpired lease are not due:
// AcquireLease moves their next attempt to the lease's end.
func (b Backlog) Due(now time.Time, limit int) []CRMProjection {
	var due []CRMProjection
	for _, p := range b {
		if limit > 0 && len(due) == limit || p.NextAttemptAt.After(now) {
			break
		}
		if p.Status.due() {
			due = append(due, p)
		}
	}
	return due
}

// InStatus returns the backlog's projections in status.
func (b Backlog) InStatus(status ProjectionStatus) []CRMProjection {
	var ps []CRMProjection
	for _, p := range b {
		if p.Status == status {
			ps = append(ps, p)
		}
	}
	return ps
}

// OldestWaiting is how long the oldest projection still waiting for the CRM
// (PENDING or UNCERTAIN) has waited since its backlog began (pending_since,
// or its creation in records without one); 0 without any.
func (b Backlog) OldestWaiting(now time.Time) time.Duration {
	var oldest time.Duration
	for _, p := range b {
		if !p.Status.due() {
			continue
		}
		since := p.CreatedAt
		if p.PendingSince != nil {
			since = *p.PendingSince
		}
		oldest = max(oldest, now.Sub(since))
	}
	return oldest
}

// indexed reads the projections in statuses from their partitions,
// earliest next attempt first.
func (r *Projections) indexed(ctx context.Context, statuses []ProjectionStatus) ([]CRMProjection, error) {
	var partitions []string
	for _, status := range statuses {
		if !status.due() {
			partitions = append(partitions, ProjectionIndexPK(status, ""))
			continue
		}
		partitions = append(partitions, legacyProjectionIndexPK(status))
	}
	if slices.ContainsFunc(statuses, ProjectionStatus.due) {
		for shard := range WorkShards {
			partitions = append(partitions, projectionDuePK(shard))
		}
	}
	var ps []CRMProjection
	for _, pk := range partitions {
		items, err := queryIndexAll(ctx, r.table, IndexQuery{GSI1PK: pk}, 0)
		if err != nil {
			return nil, fmt.Errorf("persistence: projections in %s: %w", pk, err)
		}
		for _, item := range items {
			p, err := DecodeProjection(item)
			if err != nil {
				return nil, err
			}
			if slices.Contains(statuses, p.Status) {
				ps = append(ps, p)
			}
		}
	}
	slices.SortFunc(ps, func(a, b CRMProjection) int {
		if c := a.NextAttemptAt.Compare(b.NextAttemptAt); c != 0 {
			return c
		}
		return strings.Compare(a.SessionID, b.SessionID)
	})
	return ps, nil
}
