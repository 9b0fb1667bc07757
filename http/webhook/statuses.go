package webhook

import (
	"context"
	"errors"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// recordStatuses puts each delivery status on the outbound message log item
// with its provider message ID. Statuses of messages Intake did not log (sent
// from the platform's own app, or older than the log) are ignored. A table
// failure is returned so the platform delivers the statuses again; recording
// is idempotent and only moves a status forward.
func (h *Handler) recordStatuses(ctx context.Context, statuses []messaging.Status) error {
	for _, s := range statuses {
		if len(s.MessageID) > MaxMessageIDBytes {
			continue // no outbound message has such an ID, and it cannot key a lookup
		}
		err := h.messages.UpdateDeliveryStatus(ctx, s.MessageID, s.Status, s.Timestamp)
		if errors.Is(err, persistence.ErrNotFound) {
			h.log.Debug("delivery status of an unknown message ignored",
				zap.String("provider_message_id", s.MessageID), zap.String("status", string(s.Status)))
			continue
		}
		if err != nil {
			return err
		}
		if s.Status == domain.DeliveryFailed {
			h.log.Warn("outbound message not delivered", failureFields(s)...)
		}
	}
	return nil
}

// failureFields describe a failed delivery for the log by the platform's
// error code and title; the details may quote the customer.
func failureFields(s messaging.Status) []zap.Field {
	fields := []zap.Field{zap.String("provider_message_id", s.MessageID)}
	if len(s.Errors) > 0 {
		fields = append(fields, zap.Int("error_code", s.Errors[0].Code), zap.String("error_title", s.Errors[0].Title))
	}
	return fields
}

// recordReactions puts each customer reaction on the logged message it
// reacts to; a reaction is not a turn, so the conversation never sees it.
// Reactions to messages Intake did not log are ignored. A table failure is
// returned so the platform delivers them again; recording is idempotent.
func (h *Handler) recordReactions(ctx context.Context, reactions []messaging.Reaction) error {
	for _, r := range reactions {
		if len(r.MessageID) > MaxMessageIDBytes {
			continue // no logged message has such an ID
		}
		err := h.messages.SetReaction(ctx, r.MessageID, r.Emoji, r.At)
		if errors.Is(err, persistence.ErrNotFound) {
			h.log.Debug("reaction to an unknown message ignored", zap.String("provider_message_id", r.MessageID))
			continue
		}
		if err != nil {
			return err
		}
	}
	return nil
}
