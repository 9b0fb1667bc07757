package persistence

import (
	"context"
	"errors"
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// Demands stores out-of-portfolio demands in one partition ordered by
// creation time; the volume (a few per day) fits one partition easily. It is
// safe for concurrent use.
type Demands struct {
	table Table
}

// NewDemands returns the demand repository over table.
func NewDemands(table Table) *Demands { return &Demands{table: table} }

// Add stores a demand built with NewDemand. Like Messages.Append it is
// idempotent: an item already under the demand's key is this demand.
func (r *Demands) Add(ctx context.Context, d domain.OutOfPortfolioDemand) error {
	item, err := EncodeDemand(d)
	if err != nil {
		return err
	}
	err = r.table.Put(ctx, item, NotExists(AttrPK).Ptr())
	if err != nil && !errors.Is(err, ErrConflict) {
		return fmt.Errorf("persistence: add demand %s: %w", d.DemandID, err)
	}
	return nil
}

// List returns up to limit demands (all when limit <= 0), newest first.
func (r *Demands) List(ctx context.Context, limit int) ([]domain.OutOfPortfolioDemand, error) {
	items, err := queryAll(ctx, r.table, Query{PK: DemandPK, Descending: true}, limit)
	if err != nil {
		return nil, fmt.Errorf("persistence: list demands: %w", err)
	}
	if limit > 0 && len(items) > limit {
		items = items[:limit]
	}
	demands := make([]domain.OutOfPortfolioDemand, 0, len(items))
	for _, item := range items {
		d, err := DecodeDemand(item)
		if err != nil {
			return nil, err
		}
		demands = append(demands, d)
	}
	return demands, nil
}
