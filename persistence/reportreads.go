package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// Many returns the projections of the sessions that have one, by session
// ID, read in batches (100 a request on DynamoDB) rather than one request
// per session: the reports' rollup asks for every lead of a day at once.
func (r *Projections) Many(ctx context.Context, sessionIDs []string) (map[string]CRMProjection, error) {
	out := make(map[string]CRMProjection, len(sessionIDs))
	if len(sessionIDs) == 0 {
		return out, nil
	}
	keys := make([]Key, len(sessionIDs))
	for i, id := range sessionIDs {
		keys[i] = CRMProjection{SessionID: id}.Key()
	}
	items, err := r.table.BatchGet(ctx, keys)
	if err != nil {
		return nil, fmt.Errorf("persistence: projections of %d sessions: %w", len(sessionIDs), err)
	}
	for _, item := range items {
		p, err := DecodeProjection(item)
		if err != nil {
			return nil, err
		}
		out[p.SessionID] = p
	}
	return out, nil
}

// Since returns the demands created at or after from, newest first. The
// partition is ordered by creation time, so the read stops at the first
// older page rather than reading the whole history.
func (r *Demands) Since(ctx context.Context, from time.Time) ([]domain.OutOfPortfolioDemand, error) {
	var out []domain.OutOfPortfolioDemand
	for cursor := ""; ; {
		page, err := r.table.Query(ctx, Query{PK: DemandPK, Descending: true, Cursor: cursor})
		if err != nil {
			return nil, fmt.Errorf("persistence: demands since %s: %w", FormatTime(from), err)
		}
		for _, item := range page.Items {
			d, err := DecodeDemand(item)
			if err != nil {
				return nil, err
			}
			if d.CreatedAt.Before(from) {
				return out, nil
			}
			out = append(out, d)
		}
		if page.Next == "" {
			return out, nil
		}
		cursor = page.Next
	}
}
