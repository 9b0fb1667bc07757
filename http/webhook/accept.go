package webhook

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// outcome is what became of one inbound message.
type outcome int

const (
	// accepted: this delivery enqueued the message.
	accepted outcome = iota + 1
	// deferred: this delivery recorded the message, or found it recorded and
	// unclaimed, while the queue had no room: the recovery sweep enqueues it.
	// It is acknowledged like accepted: the receipt is what keeps it.
	deferred
	// duplicate: a turn already answered the message; nothing was done.
	duplicate
	// inProgress: another delivery took the claim less than a lease ago and
	// its enqueue may have failed, so this one must not be acknowledged yet.
	inProgress
)

// accept is the path of every inbound message, platform or internal: room
// on the queue, receipt and claim, then the hand-off. Nothing here waits for
// the queue: room is taken without waiting, before the receipt is written,
// so a full queue is known before anything is recorded and the receipt is
// then written without a claim (see "A full queue" in the package doc). A
// non-nil error means the table or the queue failed and the platform must
// deliver again; what was written before the failure is finished by that
// redelivery or by the recovery sweep.
func (h *Handler) accept(ctx context.Context, m messaging.InboundMessage) (outcome, error) {
	turn := m.Turn()
	id := turn.MessageID
	now := h.cfg.Now()
	room, err := h.reserve(ctx)
	full := errors.Is(err, queue.ErrFull)
	if err != nil && !full {
		return 0, fmt.Errorf("webhook: enqueue %s: %w", id, err)
	}
	if room != nil {
		defer room.Release() // gives the room back unless enqueue used it
	}
	receipt := persistence.Receipt{InboundTurn: turn, TTL: now.Add(h.cfg.ReceiptTTL).Unix()}
	var token string
	if full {
		err = h.receipts.Record(ctx, receipt)
	} else {
		token, err = h.receipts.RecordClaimed(ctx, receipt, now)
	}
	redelivered := errors.Is(err, persistence.ErrConflict)
	switch {
	case redelivered && full:
		// No room to enqueue into: taking the claim would only block the
		// next redelivery. Tell what the receipt says instead.
		return h.settle(ctx, id, now, full)
	case redelivered:
		token, err = h.receipts.Claim(ctx, id, now, h.cfg.ClaimLease)
		if errors.Is(err, persistence.ErrConflict) {
			return h.settle(ctx, id, now, full)
		}
	}
	if err != nil {
		return 0, fmt.Errorf("webhook: receipt %s: %w", id, err)
	}
	if full {
		h.deferrals.add(id, now)
		return deferred, nil
	}
	if err := enqueue(ctx, room, turn); err != nil {
		if relErr := h.release(ctx, id, token); relErr != nil {
			h.log.Warn("claim not released; a redelivery waits for the lease",
				zap.String("message_id", id), zap.Error(relErr))
		}
		return 0, err
	}
	if redelivered {
		h.log.Info("redelivered message enqueued again: no turn had answered it", zap.String("message_id", id))
	}
	return accepted, nil
}

// settle answers a redelivery that does not enqueue, from what the receipt
// says: taken by a turn (a duplicate); claimed by another delivery less than
// a lease ago (503: the holder may still fail); or unclaimed while the queue
// is full (200: the receipt keeps the message and the recovery sweep
// enqueues it). Unclaimed with room means a claim was given back between
// this delivery's take and its read, and a receipt gone meanwhile (its ttl
// passed) needs recording anew: both ask for a redelivery, as a live claim
// does.
func (h *Handler) settle(ctx context.Context, id string, now time.Time, full bool) (outcome, error) {
	state, err := h.receipts.EnqueueState(ctx, id, now, h.cfg.ClaimLease)
	if err != nil {
		return 0, fmt.Errorf("webhook: read receipt %s: %w", id, err)
	}
	switch {
	case state == persistence.EnqueueTaken:
		h.log.Debug("duplicate delivery acknowledged", zap.String("message_id", id))
		return duplicate, nil
	case state == persistence.EnqueueFree && full:
		h.deferrals.add(id, now)
		return deferred, nil
	default:
		h.log.Info("message not answered yet and not this delivery's to enqueue; asking for a retry", zap.String("message_id", id))
		return inProgress, nil
	}
}

// release gives a claim back after a failed enqueue, so the platform's
// redelivery can enqueue at once instead of after the lease. It runs even
// when the request's context has ended, within a StoreTimeout of its own.
func (h *Handler) release(ctx context.Context, id, token string) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), h.cfg.StoreTimeout)
	defer cancel()
	return h.receipts.Release(ctx, id, token)
}
