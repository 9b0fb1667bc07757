package webhook

import (
	"context"
	"errors"
	"fmt"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
)

// outcome is what became of one inbound message.
type outcome int

const (
	// accepted: this delivery enqueued the message.
	accepted outcome = iota + 1
	// duplicate: the consumer already took the message; nothing was done.
	duplicate
	// inProgress: another delivery took the claim less than a lease ago and
	// its enqueue may have failed, so this one must not be acknowledged yet.
	inProgress
)

// accept is the path of every inbound message, platform or internal:
// receipt and claim, then queue. A non-nil error means
// the table or the queue failed and the platform must deliver again; what
// was written before the failure is finished by that redelivery.
func (h *Handler) accept(ctx context.Context, m messaging.InboundMessage) (outcome, error) {
	turn := m.Turn()
	id := turn.MessageID
	now := h.cfg.Now()
	receipt := persistence.Receipt{InboundTurn: turn, TTL: now.Add(h.cfg.ReceiptTTL).Unix()}
	token, err := h.claims.record(ctx, receipt, now)
	redelivered := errors.Is(err, persistence.ErrConflict)
	if redelivered {
		token, err = h.claims.take(ctx, id, now)
		if errors.Is(err, persistence.ErrConflict) {
			return h.claimedElsewhere(ctx, id)
		}
	}
	if err != nil {
		return 0, fmt.Errorf("webhook: receipt %s: %w", id, err)
	}
	if err := h.enqueue(ctx, turn); err != nil {
		if relErr := h.claims.release(ctx, id, token); relErr != nil {
			h.log.Warn("claim not released; a redelivery waits for the lease",
				zap.String("message_id", id), zap.Error(relErr))
		}
		return 0, err
	}
	if redelivered {
		h.log.Info("redelivered message enqueued again: no consumer had taken it", zap.String("message_id", id))
	}
	return accepted, nil
}

// claimedElsewhere tells a redelivery whose claim failed whether the message
// is a plain duplicate (dispatched) or in the hands of another delivery.
func (h *Handler) claimedElsewhere(ctx context.Context, id string) (outcome, error) {
	done, err := h.claims.dispatched(ctx, id)
	switch {
	case err != nil:
		return 0, fmt.Errorf("webhook: read receipt %s: %w", id, err)
	case done:
		h.log.Debug("duplicate delivery acknowledged", zap.String("message_id", id))
		return duplicate, nil
	default:
		h.log.Info("message claimed by another delivery; asking for a retry", zap.String("message_id", id))
		return inProgress, nil
	}
}

// enqueue announces the message. The phone's pending marker is the
// consumer's to keep (it lists the turn when it takes it, and removes it
// when the turn is done), which keeps that read-modify-write off the
// platform's request. The send gets half the claim lease, so it ends while
// the claim is still this delivery's.
func (h *Handler) enqueue(ctx context.Context, turn persistence.InboundTurn) error {
	ctx, cancel := context.WithTimeout(ctx, h.cfg.ClaimLease/2)
	defer cancel()
	if err := h.queue.Send(ctx, turn.QueueMessage()); err != nil {
		return fmt.Errorf("webhook: enqueue %s: %w", turn.MessageID, err)
	}
	return nil
}
