package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrDuplicate reports a receipt that was already recorded: the platform
// redelivered a message. It wraps ErrConflict, so errors.Is matches either.
var ErrDuplicate = fmt.Errorf("duplicate receipt: %w", ErrConflict)

// Receipts stores inbound message receipts and each phone's pending marker.
// It is safe for concurrent use.
type Receipts struct {
	table Table
}

// NewReceipts returns the receipt repository over table.
func NewReceipts(table Table) *Receipts { return &Receipts{table: table} }

// Record writes the receipt of a newly received message with a conditional
// put on its message ID. A redelivery finds the receipt and gets
// ErrDuplicate: one message, one turn.
func (r *Receipts) Record(ctx context.Context, rc Receipt) error {
	item, err := EncodeReceipt(rc)
	if err != nil {
		return err
	}
	err = r.table.Put(ctx, item, NotExists(AttrPK).Ptr())
	if errors.Is(err, ErrConflict) {
		return fmt.Errorf("persistence: record receipt %s: %w", rc.MessageID, ErrDuplicate)
	}
	if err != nil {
		return fmt.Errorf("persistence: record receipt %s: %w", rc.MessageID, err)
	}
	return nil
}

// Get returns the receipt of a platform message ID.
func (r *Receipts) Get(ctx context.Context, messageID string) (Receipt, error) {
	item, err := r.table.Get(ctx, Key{PK: ReceiptPK(messageID), SK: ReceiptSK})
	if err != nil {
		return Receipt{}, fmt.Errorf("persistence: receipt %s: %w", messageID, err)
	}
	return DecodeReceipt(item)
}

// Mark records that a processing step happened at t. Each step is marked
// once: the first mark wins and later ones get ErrConflict, which makes a
// mark a claim (a redelivered queue message finds dispatched_at set and
// stops). It is ErrNotFound when there is no receipt, for instance after its
// ttl.
func (r *Receipts) Mark(ctx context.Context, messageID string, step ReceiptStep, t time.Time) error {
	if !step.valid() {
		return fmt.Errorf("persistence: unknown receipt step %q", step)
	}
	key := Key{PK: ReceiptPK(messageID), SK: ReceiptSK}
	upd := Update{Set: map[string]any{string(step): FormatTime(t)}}
	_, err := r.table.Update(ctx, key, upd, And(Exists(AttrPK), NotExists(string(step))).Ptr())
	if errors.Is(err, ErrConflict) {
		// Tell a missing receipt from a step already marked.
		if _, getErr := r.table.Get(ctx, key); errors.Is(getErr, ErrNotFound) {
			err = ErrNotFound
		}
	}
	if err != nil {
		return fmt.Errorf("persistence: mark %s of receipt %s: %w", step, messageID, err)
	}
	return nil
}
