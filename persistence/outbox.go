package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// outboxIndex lists an unfinished reply in its phone's shard of the outbox
// work index, oldest first, for the recovery sweep.
func outboxIndex(m domain.Message) (pk, sk string) {
	return workIndexPK(WorkOutbox, m.PhoneNumber), FormatTime(m.Timestamp) + "#" + m.MessageID
}

// Outbox records the sends of committed replies on their message log items.
// It is safe for concurrent use; past the commit that writes a reply's first
// send state, each conversation's messaging.Replies is its only writer.
type Outbox struct {
	table Table
}

// NewOutbox returns the outbox repository over table.
func NewOutbox(table Table) *Outbox { return &Outbox{table: table} }

// ErrOutboxDone reports a reply whose send already has a result (sent or
// failed): it must not be sent again.
var ErrOutboxDone = errors.New("persistence: reply already sent or failed")

// Begin records that a call to send m starts. It reports uncertain when an
// earlier call was under way and left no result (the process died during
// it): the customer may already have the reply, and sending it again is the
// one duplicate Intake allows, counted on the item. It is ErrOutboxDone when
// the reply has a result already.
func (r *Outbox) Begin(ctx context.Context, m domain.Message) (uncertain bool, err error) {
	key := messageKey(m)
	start := Update{Set: map[string]any{"outbox_status": string(domain.OutboxSending)}, Add: map[string]int64{"outbox_attempts": 1}, NoReturn: true}
	_, err = r.table.Update(ctx, key, start, Equal("outbox_status", string(domain.OutboxPending)).Ptr())
	if !errors.Is(err, ErrConflict) {
		return false, wrapOutbox("begin", m, err)
	}
	start.Add["outbox_uncertain"] = 1
	_, err = r.table.Update(ctx, key, start, Equal("outbox_status", string(domain.OutboxSending)).Ptr())
	if errors.Is(err, ErrConflict) {
		return false, wrapOutbox("begin", m, ErrOutboxDone)
	}
	return err == nil, wrapOutbox("begin", m, err)
}

// Sent records the platform's acceptance and indexes the reply under its
// provider ID, for delivery statuses.
func (r *Outbox) Sent(ctx context.Context, m domain.Message, providerMessageID string) error {
	key := messageKey(m)
	upd := Update{
		Set: map[string]any{"outbox_status": string(domain.OutboxSent)},
		// The failed attempts before this one leave no error behind.
		Remove:   []string{"error"},
		NoReturn: true,
	}
	if providerMessageID != "" {
		upd.Set["provider_message_id"] = providerMessageID
		upd.Set[AttrGSI1PK] = ProviderIndexPK(providerMessageID)
		upd.Set[AttrGSI1SK] = key.SK
	} else {
		upd.Remove = append(upd.Remove, AttrGSI1PK, AttrGSI1SK)
	}
	_, err := r.table.Update(ctx, key, upd, Exists(AttrPK).Ptr())
	return wrapOutbox("record sent", m, err)
}

// Retry records a failed attempt that will be tried again: the reply is
// pending again, with the error of the attempt. uncertain says the attempt's
// outcome is unknown (a timeout after the request was written), so the next
// call may deliver the reply a second time: it is counted like a send under
// way when the process died.
func (r *Outbox) Retry(ctx context.Context, m domain.Message, detail string, uncertain bool) error {
	upd := Update{Set: map[string]any{"outbox_status": string(domain.OutboxPending), "error": detail}, NoReturn: true}
	if uncertain {
		upd.Add = map[string]int64{"outbox_uncertain": 1}
	}
	_, err := r.table.Update(ctx, messageKey(m), upd, Exists(AttrPK).Ptr())
	return wrapOutbox("record retry", m, err)
}

// Failed records that the platform refused the reply for good; it leaves the
// outbox index.
func (r *Outbox) Failed(ctx context.Context, m domain.Message, detail string) error {
	upd := Update{
		Set:      map[string]any{"outbox_status": string(domain.OutboxFailed), "error": detail},
		Remove:   []string{AttrGSI1PK, AttrGSI1SK},
		NoReturn: true,
	}
	_, err := r.table.Update(ctx, messageKey(m), upd, Exists(AttrPK).Ptr())
	return wrapOutbox("record failure", m, err)
}

// Unfinished returns the replies committed at or before upTo (any time when
// upTo is zero) whose send has no result yet, across every phone, oldest
// first within each shard.
func (r *Outbox) Unfinished(ctx context.Context, upTo time.Time) ([]domain.Message, error) {
	return r.UnfinishedIn(ctx, AllShards, upTo)
}

// UnfinishedIn is Unfinished over one work shard (AllShards: every one), for
// a sweep that spreads its reads over several passes.
func (r *Outbox) UnfinishedIn(ctx context.Context, shard int, upTo time.Time) ([]domain.Message, error) {
	due := ""
	if !upTo.IsZero() {
		due = dueUpTo(upTo)
	}
	items, err := queryShards(ctx, r.table, WorkOutbox, shard, due)
	if err != nil {
		return nil, fmt.Errorf("persistence: unfinished replies: %w", err)
	}
	return decodeMessages(items)
}

func wrapOutbox(step string, m domain.Message, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("persistence: outbox %s of message %s: %w", step, m.MessageID, err)
}
