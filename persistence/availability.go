package persistence

import (
	"context"
	"fmt"
	"time"
)

// Operator availability is one partition, AVAILABILITY / <operator phone>,
// read whole by the handoff notifier before each notice: an operator who set
// themselves away is not texted about new handoffs or reminders. An operator
// without an item is available.
const availabilityPK = "AVAILABILITY"

// Availability is one operator's presence as they set it in the console.
type Availability struct {
	Operator string    `dynamodbav:"operator" json:"operator"`
	Away     bool      `dynamodbav:"away" json:"away"`
	At       time.Time `dynamodbav:"at" json:"at"`
}

// Availabilities stores operators' presence. It is safe for concurrent use.
type Availabilities struct {
	table Table
}

// NewAvailabilities returns the availability repository over table.
func NewAvailabilities(table Table) *Availabilities { return &Availabilities{table: table} }

// Set records a's presence, replacing the operator's earlier one.
func (r *Availabilities) Set(ctx context.Context, a Availability) error {
	a.At = a.At.UTC()
	item, err := encodeRecord(a)
	if err != nil {
		return fmt.Errorf("persistence: encode availability: %w", err)
	}
	if err := r.table.Put(ctx, withKeys(item, Key{PK: availabilityPK, SK: a.Operator}), nil); err != nil {
		return fmt.Errorf("persistence: set availability: %w", err)
	}
	return nil
}

// Away returns the operators who set themselves away.
func (r *Availabilities) Away(ctx context.Context) (map[string]bool, error) {
	items, err := queryAll(ctx, r.table, Query{PK: availabilityPK}, 0)
	if err != nil {
		return nil, fmt.Errorf("persistence: availability: %w", err)
	}
	list, err := decodeRecords[Availability](items, "availability")
	if err != nil {
		return nil, err
	}
	away := map[string]bool{}
	for _, a := range list {
		if a.Away {
			away[a.Operator] = true
		}
	}
	return away, nil
}
