package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
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
	item, err := r.table.Get(ctx, receiptKey(messageID))
	if err != nil {
		return Receipt{}, fmt.Errorf("persistence: receipt %s: %w", messageID, err)
	}
	return DecodeReceipt(item)
}

// Complete marks a message answered outside a conversation's turn (an
// operator's message that was not forwarded). A message already completed,
// or without a receipt, stays as it is.
func (r *Receipts) Complete(ctx context.Context, messageID string, now time.Time) error {
	w := completeReceiptTx(messageID, now)
	_, err := r.table.Update(ctx, w.Key, w.Update, And(Exists(AttrPK), *w.Condition).Ptr())
	if err != nil && !errors.Is(err, ErrConflict) {
		return fmt.Errorf("persistence: complete receipt %s: %w", messageID, err)
	}
	return nil
}

// Unfinished returns the queue messages of the receipts received at or before
// upTo that no committed turn has answered yet: the messages the webhook
// acknowledged and the recovery sweep must see through.
func (r *Receipts) Unfinished(ctx context.Context, upTo time.Time) ([]domain.QueueMessage, error) {
	return r.UnfinishedIn(ctx, AllShards, upTo)
}

// UnfinishedIn is Unfinished over one work shard (AllShards: every one), for
// a sweep that spreads its reads over several passes.
func (r *Receipts) UnfinishedIn(ctx context.Context, shard int, upTo time.Time) ([]domain.QueueMessage, error) {
	items, err := queryShards(ctx, r.table, WorkInbound, shard, dueUpTo(upTo))
	if err != nil {
		return nil, fmt.Errorf("persistence: unfinished receipts: %w", err)
	}
	messages := make([]domain.QueueMessage, 0, len(items))
	for _, item := range items {
		messages = append(messages, domain.QueueMessage{PhoneNumber: stringAttr(item, "phone_number"), MessageID: stringAttr(item, "message_id")})
	}
	return messages, nil
}

// Pending returns the message IDs the phone's conversation accepted and has
// not answered yet, oldest first (its "latest" marker); none when it has no
// marker.
func (r *Receipts) Pending(ctx context.Context, phone string) ([]string, error) {
	item, err := r.table.Get(ctx, LatestMarker{PhoneNumber: phone}.Key())
	if errors.Is(err, ErrNotFound) {
		return []string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("persistence: read pending marker: %w", err)
	}
	m, err := DecodeLatestMarker(item)
	if err != nil {
		return nil, err
	}
	return m.PendingMessageIDs, nil
}
