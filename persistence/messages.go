package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// Messages stores the message log: one item per message in the phone's
// SESSION# partition, so sessions stay small and a session's log is one
// query. It is safe for concurrent use.
type Messages struct {
	table Table
}

// NewMessages returns the message log repository over table.
func NewMessages(table Table) *Messages { return &Messages{table: table} }

// Append logs m. It is idempotent: a log item is immutable once written and
// its key holds the session, timestamp and message ID, so an item already
// under that key is this message, written by an earlier try whose answer was
// lost, and Append reports success.
func (r *Messages) Append(ctx context.Context, m domain.Message) error {
	item, err := EncodeMessage(m)
	if err != nil {
		return err
	}
	err = r.table.Put(ctx, item, NotExists(AttrPK).Ptr())
	if err != nil && !errors.Is(err, ErrConflict) {
		return fmt.Errorf("persistence: append message %s: %w", m.MessageID, err)
	}
	return nil
}

// List returns the log of one session, oldest first.
func (r *Messages) List(ctx context.Context, phone, sessionID string) ([]domain.Message, error) {
	items, err := queryAll(ctx, r.table, Query{PK: SessionPK(phone), SKPrefix: MessagePrefix(sessionID)}, 0)
	if err != nil {
		return nil, fmt.Errorf("persistence: message log of %s: %w", sessionID, err)
	}
	return decodeMessages(items)
}

// decodeMessages reads message log items, in their order.
func decodeMessages(items []Item) ([]domain.Message, error) {
	messages := make([]domain.Message, 0, len(items))
	for _, item := range items {
		m, err := DecodeMessage(item)
		if err != nil {
			return nil, err
		}
		messages = append(messages, m)
	}
	return messages, nil
}

// SetProviderMessageID records the platform's ID of a sent message, which is
// known only after the send, and indexes the message under it for
// UpdateDeliveryStatus. It is ErrNotFound when m was never appended.
func (r *Messages) SetProviderMessageID(ctx context.Context, m domain.Message, providerMessageID string) error {
	key := messageKey(m)
	upd := Update{Set: map[string]any{
		"provider_message_id": providerMessageID,
		AttrGSI1PK:            ProviderIndexPK(providerMessageID),
		AttrGSI1SK:            key.SK,
	}}
	_, err := r.table.Update(ctx, key, upd, Exists(AttrPK).Ptr())
	if errors.Is(err, ErrConflict) {
		err = ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("persistence: set provider ID of message %s: %w", m.MessageID, err)
	}
	return nil
}

// UpdateDeliveryStatus records a platform status callback on the outbound
// message with that provider ID. Callbacks arrive out of order, so a status
// only moves forward (sent → delivered → read; failed only before delivery):
// a late "delivered" after "read" is ignored without error. It is ErrNotFound
// when no logged message has the provider ID (for example one an operator
// sent from the platform's own app).
//
// The lookup uses gsi1 (partition "PMID#<id>", sort key the message's sort
// key) rather than a separate lookup item: one write per message, and the
// index is sparse, holding only sent messages. Index reads are eventually
// consistent, which suits callbacks that arrive seconds after the send.
func (r *Messages) UpdateDeliveryStatus(ctx context.Context, providerMessageID string, status domain.DeliveryStatus, at time.Time) error {
	froms, ok := deliveryPredecessors[status]
	if !ok {
		return fmt.Errorf("persistence: unknown delivery status %q", status)
	}
	key, err := r.byProvider(ctx, providerMessageID)
	if err != nil {
		return err
	}
	conds := []Condition{NotExists("delivery_status")}
	for _, from := range froms {
		conds = append(conds, Equal("delivery_status", string(from)))
	}
	upd := Update{Set: map[string]any{"delivery_status": string(status), "delivery_updated_at": FormatTime(at)}}
	_, err = r.table.Update(ctx, key, upd, And(Exists(AttrPK), Or(conds...)).Ptr())
	if err != nil && !errors.Is(err, ErrConflict) {
		return fmt.Errorf("persistence: delivery status of %s: %w", providerMessageID, err)
	}
	return nil
}

// deliveryPredecessors lists, for each status, the stored statuses it may
// replace.
var deliveryPredecessors = map[domain.DeliveryStatus][]domain.DeliveryStatus{
	domain.DeliverySent:      nil,
	domain.DeliveryDelivered: {domain.DeliverySent},
	domain.DeliveryRead:      {domain.DeliverySent, domain.DeliveryDelivered},
	domain.DeliveryFailed:    {domain.DeliverySent},
}
