package persistence

import (
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// ReceiptTTL is how long a receipt is kept: the platform retries a webhook
// delivery for up to seven days, and a receipt must outlive every retry to
// keep "one message, one turn".
const ReceiptTTL = 7 * 24 * time.Hour

// Receipt is the record of one inbound platform message, written by the
// webhook with a conditional put on the message ID: a redelivery finds it and
// stops. It holds the whole turn because the queue message carries only the
// phone and the message ID, and the consumer rebuilds the turn from here.
type Receipt struct {
	domain.InboundTurn
	// TTL is the expiry in epoch seconds; the table deletes the item after it.
	TTL int64 `dynamodbav:"ttl" json:"ttl"`
	// The processing steps, set once each as the turn progresses (see
	// ReceiptStep).
	AgentRoutedAt *time.Time `dynamodbav:"agent_routed_at,omitempty" json:"agent_routed_at,omitempty"`
	DispatchedAt  *time.Time `dynamodbav:"dispatched_at,omitempty" json:"dispatched_at,omitempty"`
	SyncClaimedAt *time.Time `dynamodbav:"sync_claimed_at,omitempty" json:"sync_claimed_at,omitempty"`
	CompletedAt   *time.Time `dynamodbav:"completed_at,omitempty" json:"completed_at,omitempty"`
	// EnqueueClaim is the token of the delivery that holds the enqueue of
	// the message, "" when none does (see Receipts.Claim).
	EnqueueClaim string `dynamodbav:"enqueue_claimed_at,omitempty" json:"-"`
}

// NewReceipt returns the receipt of turn received now, expiring ReceiptTTL
// later.
func NewReceipt(turn domain.InboundTurn, now time.Time) Receipt {
	return Receipt{InboundTurn: turn, TTL: now.Add(ReceiptTTL).Unix()}
}

// ReceiptStep names a processing step of a receipt: the attribute that
// records when it happened.
type ReceiptStep string

// The processing steps. The spec names them; this is what Intake means by
// them. The turn that answers a message stamps dispatched, routed and
// completed together, in its commit: a write per step would cost the table
// more than the steps are worth.
const (
	// StepDispatched: the queue consumer handed the message over.
	StepDispatched ReceiptStep = "dispatched_at"
	// StepAgentRouted: the session actor of its phone took the message.
	StepAgentRouted ReceiptStep = "agent_routed_at"
	// StepSyncClaimed: a synchronous path (/chat) claimed the turn, so the
	// queue path must not process it again.
	StepSyncClaimed ReceiptStep = "sync_claimed_at"
	// StepCompleted: the turn was answered or otherwise finished.
	StepCompleted ReceiptStep = "completed_at"
)

// Key is where the receipt is stored.
func (r Receipt) Key() Key { return receiptKey(r.MessageID) }

func receiptKey(messageID string) Key { return Key{PK: ReceiptPK(messageID), SK: ReceiptSK} }

// EncodeReceipt returns the stored item of r, keys included. An uncompleted
// receipt is also listed in the inbound work index (inboundIndex). The
// encoding is written out (receiptencode.go): every inbound message pays it
// before the webhook answers.
func EncodeReceipt(r Receipt) (Item, error) {
	item, err := encodeReceiptItem(r)
	if err != nil {
		return nil, fmt.Errorf("persistence: encode receipt %s: %w", r.MessageID, err)
	}
	return item, nil
}

// inboundIndex is where an uncompleted receipt is listed for the recovery
// sweep: its phone's shard of the inbound work index, ordered by the time
// the message was received. The turn that consumes the message removes it
// (CompleteReceiptTx), so the index holds exactly the messages still owed a
// turn.
func (r Receipt) inboundIndex() (pk, sk string) {
	return workIndexPK(WorkInbound, r.PhoneNumber), FormatTime(r.ReceivedAt) + "#" + r.MessageID
}

// DecodeReceipt reads a stored receipt item.
func DecodeReceipt(item Item) (Receipt, error) {
	var r Receipt
	if err := decodeRecord(item, &r); err != nil {
		return Receipt{}, fmt.Errorf("persistence: decode receipt: %w", err)
	}
	r.InboundTurn.Normalize()
	return r, nil
}
