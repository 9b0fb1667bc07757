package webhook

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// attrClaimedAt is the receipt attribute this package owns (see "Enqueueing
// once" in the package doc): the claim token of the delivery that
// enqueues the message, its time in persistence.TimeLayout, "#" and a random
// ID, so tokens compare by time and no two deliveries hold the same one.
// persistence.Receipt does not declare it, so reading a receipt ignores it
// and older receipts simply lack it.
const attrClaimedAt = "enqueue_claimed_at"

// takenSteps are the receipt steps that prove a turn took the message: the
// commit of the turn that answers it stamps dispatched_at, agent_routed_at
// and completed_at together, and /chat marks sync_claimed_at. Only these
// make a redelivery a duplicate. A successful send alone does not, because
// the in-process queue loses what it holds when the process stops.
var takenSteps = []string{
	string(persistence.StepDispatched),
	string(persistence.StepAgentRouted),
	string(persistence.StepSyncClaimed),
	string(persistence.StepCompleted),
}

// claims are the conditional updates that let exactly one delivery of a
// message enqueue it. They address the receipt item directly because the
// receipt repository only knows the consumer's steps.
type claims struct {
	table persistence.Table
	lease time.Duration
}

func receiptKey(messageID string) persistence.Key {
	return persistence.Key{PK: persistence.ReceiptPK(messageID), SK: persistence.ReceiptSK}
}

// record writes the receipt of a message received for the first time, in
// one conditional put: the put of persistence.Receipts.Record (only where
// no receipt exists), plus the claim attribute when claim is true, which
// saves a second write on the path of every new message. Without the claim
// (the queue had no room) the token is "". It is persistence.ErrConflict
// when the receipt exists: a redelivery.
func (c claims) record(ctx context.Context, r persistence.Receipt, now time.Time, claim bool) (string, error) {
	item, err := persistence.EncodeReceipt(r)
	if err != nil {
		return "", err
	}
	token := ""
	if claim {
		token = newToken(now)
		item[attrClaimedAt] = &types.AttributeValueMemberS{Value: token}
	}
	if err := c.table.Put(ctx, item, persistence.NotExists(persistence.AttrPK).Ptr()); err != nil {
		return "", err
	}
	return token, nil
}

// take claims the enqueue of a message whose receipt exists and returns the
// claim token. It is persistence.ErrConflict when a turn took the message
// already or another delivery took the claim less than a lease ago.
func (c claims) take(ctx context.Context, messageID string, now time.Time) (string, error) {
	token := newToken(now)
	conds := []persistence.Condition{persistence.Exists(persistence.AttrPK)}
	for _, attr := range takenSteps {
		conds = append(conds, persistence.NotExists(attr))
	}
	conds = append(conds, persistence.Or(
		persistence.NotExists(attrClaimedAt),
		persistence.Less(attrClaimedAt, c.leaseStart(now)),
	))
	upd := persistence.Update{Set: map[string]any{attrClaimedAt: token}}
	if _, err := c.table.Update(ctx, receiptKey(messageID), upd, persistence.And(conds...).Ptr()); err != nil {
		return "", err
	}
	return token, nil
}

// newToken is a claim token taken at now. The random part only tells
// deliveries apart: 64 bits from the runtime's generator suffice, and cost
// no system call.
func newToken(now time.Time) string {
	return persistence.FormatTime(now) + "#" + strconv.FormatUint(rand.Uint64(), 16)
}

// release gives a claim back after a failed enqueue, so the platform's
// redelivery can enqueue at once instead of after the lease. It is
// conditional on the token: a claim taken over meanwhile stays. It runs even
// when the request's context has ended, within a short bound of its own.
func (c claims) release(ctx context.Context, messageID, token string) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	upd := persistence.Update{Remove: []string{attrClaimedAt}}
	_, err := c.table.Update(ctx, receiptKey(messageID), upd, persistence.Equal(attrClaimedAt, token).Ptr())
	if errors.Is(err, persistence.ErrConflict) {
		return nil // already taken over or gone: nothing of ours to release
	}
	return err
}

// leaseStart is the earliest claim still held at now. A token sorts before
// it exactly when its own time is earlier: the fixed-width time comes first.
func (c claims) leaseStart(now time.Time) string {
	return persistence.FormatTime(now.Add(-c.lease))
}

// claimState is what a receipt says about the enqueue of its message.
type claimState int

const (
	// unclaimed: no turn took it and no claim is younger than the lease.
	unclaimed claimState = iota
	// claimed: another delivery took the claim less than a lease ago.
	claimed
	// taken: a turn took the message (see takenSteps).
	taken
	// gone: there is no receipt (its ttl passed).
	gone
)

// inspect reads the receipt of a redelivery that does not take the claim.
func (c claims) inspect(ctx context.Context, messageID string, now time.Time) (claimState, error) {
	item, err := c.table.Get(ctx, receiptKey(messageID))
	if errors.Is(err, persistence.ErrNotFound) {
		return gone, nil
	}
	if err != nil {
		return 0, err
	}
	for _, attr := range takenSteps {
		if _, ok := item[attr]; ok {
			return taken, nil
		}
	}
	if token, ok := item[attrClaimedAt].(*types.AttributeValueMemberS); ok && token.Value >= c.leaseStart(now) {
		return claimed, nil
	}
	return unclaimed, nil
}
