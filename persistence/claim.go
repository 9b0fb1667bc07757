package persistence

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"
)

// Enqueue claims. A request may fail between writing a receipt and handing
// its message to the queue, so the receipt also says which delivery of the
// message enqueues it, since when (Receipt.EnqueueClaim). A claim token is
// its time in TimeLayout, "#" and a random ID, so tokens compare by time and
// no two deliveries hold the same one. Only the steps a turn stamps prove
// that the message was taken; a successful send alone does not, because the
// in-process queue loses what it holds when the process stops.

// EnqueueState is what a receipt says about the enqueue of its message.
type EnqueueState int

const (
	// EnqueueFree: no turn took the message and no claim is younger than
	// the lease.
	EnqueueFree EnqueueState = iota
	// EnqueueClaimed: another delivery took the claim less than a lease ago.
	EnqueueClaimed
	// EnqueueTaken: a turn took the message (a step is stamped).
	EnqueueTaken
	// EnqueueGone: there is no receipt (its ttl passed).
	EnqueueGone
)

// receiptSteps are the steps that prove a turn took a message: the commit of
// the turn that answers it stamps dispatched, routed and completed together,
// and /chat marks sync_claimed_at.
var receiptSteps = []ReceiptStep{StepDispatched, StepAgentRouted, StepSyncClaimed, StepCompleted}

// RecordClaimed is Record with the enqueue claim taken at now in the same
// conditional put, which saves a second write on the path of every new
// message. It returns the claim token; ErrDuplicate when the receipt exists.
func (r *Receipts) RecordClaimed(ctx context.Context, rc Receipt, now time.Time) (string, error) {
	rc.EnqueueClaim = newClaimToken(now)
	if err := r.Record(ctx, rc); err != nil {
		return "", err
	}
	return rc.EnqueueClaim, nil
}

// Claim takes the enqueue claim of a message whose receipt exists and returns
// its token. It is ErrConflict when there is no receipt, a turn took the
// message already, or another delivery took the claim less than lease ago.
func (r *Receipts) Claim(ctx context.Context, messageID string, now time.Time, lease time.Duration) (string, error) {
	token := newClaimToken(now)
	conds := []Condition{Exists(AttrPK)}
	for _, step := range receiptSteps {
		conds = append(conds, NotExists(string(step)))
	}
	conds = append(conds, Or(NotExists(attrEnqueueClaim), Less(attrEnqueueClaim, leaseStart(now, lease))))
	upd := Update{Set: map[string]any{attrEnqueueClaim: token}}
	if _, err := r.table.Update(ctx, receiptKey(messageID), upd, And(conds...).Ptr()); err != nil {
		return "", fmt.Errorf("persistence: claim receipt %s: %w", messageID, err)
	}
	return token, nil
}

// Release gives back the claim token holds, after a failed enqueue, so that
// a redelivery can enqueue at once instead of after the lease. A claim taken
// over meanwhile, or a receipt gone, stays as it is.
func (r *Receipts) Release(ctx context.Context, messageID, token string) error {
	upd := Update{Remove: []string{attrEnqueueClaim}}
	_, err := r.table.Update(ctx, receiptKey(messageID), upd, Equal(attrEnqueueClaim, token).Ptr())
	if err != nil && !errors.Is(err, ErrConflict) {
		return fmt.Errorf("persistence: release receipt %s: %w", messageID, err)
	}
	return nil
}

// EnqueueState reads what the receipt of a message says about its enqueue
// at now, claims older than lease being free.
func (r *Receipts) EnqueueState(ctx context.Context, messageID string, now time.Time, lease time.Duration) (EnqueueState, error) {
	item, err := r.table.Get(ctx, receiptKey(messageID))
	if errors.Is(err, ErrNotFound) {
		return EnqueueGone, nil
	}
	if err != nil {
		return 0, fmt.Errorf("persistence: receipt %s: %w", messageID, err)
	}
	for _, step := range receiptSteps {
		if _, ok := item[string(step)]; ok {
			return EnqueueTaken, nil
		}
	}
	if stringAttr(item, attrEnqueueClaim) >= leaseStart(now, lease) {
		return EnqueueClaimed, nil
	}
	return EnqueueFree, nil
}

// attrEnqueueClaim is the attribute of Receipt.EnqueueClaim.
const attrEnqueueClaim = "enqueue_claimed_at"

// newClaimToken is a claim token taken at now. The random part only tells
// deliveries apart: 64 bits from the runtime's generator suffice, and cost
// no system call.
func newClaimToken(now time.Time) string {
	return FormatTime(now) + "#" + strconv.FormatUint(rand.Uint64(), 16)
}

// leaseStart is the earliest claim still held at now. A token sorts before
// it exactly when its own time is earlier: the fixed-width time comes first.
func leaseStart(now time.Time, lease time.Duration) string {
	return FormatTime(now.Add(-lease))
}
