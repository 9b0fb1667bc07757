package webhook

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/inbound"
)

// InternalReply is the 200 answer of POST /webhook/internal.
type InternalReply struct {
	// MessageID is the payload's provider_message_id, or the UUID assigned
	// when it had none; the receipt and the queue message use it.
	MessageID string `json:"message_id"`
	// Duplicate is true when a turn had already taken the message, or
	// another delivery was taking it in: nothing was done again.
	Duplicate bool `json:"duplicate"`
}

var errInvalidPayload = &problem{fiber.StatusBadRequest, "invalid_json",
	"the body is not a JSON internal inbound payload"}

// receiveInternal handles POST /webhook/internal: one internal inbound
// payload (spec "Internal inbound payload"), on the same receipt and queue
// path as platform messages.
func (h *Handler) receiveInternal(c *fiber.Ctx) error {
	raw, p := h.body(c)
	if p != nil {
		return p.write(c)
	}
	var in messaging.InternalPayload
	if err := json.Unmarshal(raw, &in); err != nil {
		return errInvalidPayload.write(c)
	}
	m, err := h.platform.FromInternal(in)
	if err == nil {
		err = bound(&m)
	}
	if err != nil {
		return invalidInternal(err).write(c)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.StoreTimeout)
	defer cancel()
	out, err := h.inbound.Accept(ctx, m)
	if err != nil {
		h.log.Error("internal message not stored", zap.String("message_id", m.ProviderMessageID), zap.Error(err))
		return storeFailure(c, err)
	}
	dup := out == inbound.Duplicate || out == inbound.InProgress
	return c.JSON(InternalReply{MessageID: m.ProviderMessageID, Duplicate: dup})
}

// invalidInternal answers a well-formed payload that cannot become a turn
// with 422 and a code per cause.
func invalidInternal(err error) *problem {
	const status = fiber.StatusUnprocessableEntity
	switch {
	case errors.Is(err, messaging.ErrUnknownInstance):
		return &problem{status, "unknown_instance", "instance is not one of the configured instances"}
	case errors.Is(err, messaging.ErrNoDigits), errors.Is(err, messaging.ErrSenderTooLong):
		return &problem{status, "invalid_phone", "phone_number must hold a phone number"}
	case errors.Is(err, errContentTooLong):
		return &problem{status, "content_too_long", "content exceeds 16 KB"}
	case errors.Is(err, errIDTooLong):
		return &problem{status, "invalid_message_id", "provider_message_id exceeds 256 bytes"}
	case errors.Is(err, messaging.ErrEmptyContent):
		return &problem{status, "empty_content", "content must not be empty"}
	case errors.Is(err, messaging.ErrMalformed):
		return &problem{status, "invalid_received_at", "received_at must be RFC 3339 with an offset"}
	default:
		return &problem{status, "invalid_payload", "the payload cannot become an inbound turn"}
	}
}
