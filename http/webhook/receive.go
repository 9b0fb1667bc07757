package webhook

import (
	"context"
	"errors"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/inbound"
)

// Summary is the 200 answer of POST /webhook.
type Summary struct {
	// Accepted counts the messages this delivery enqueued, or recorded
	// while the queue was full (the recovery sweep enqueues them).
	Accepted int `json:"accepted"`
	// Duplicates counts the messages a turn had already taken, or another
	// delivery was taking in: nothing was done for them again.
	Duplicates int `json:"duplicates"`
	// Stale counts the messages older than Config.MaxAge: acknowledged and
	// dropped, never a turn.
	Stale int `json:"stale,omitempty"`
	// Rejected lists the messages that cannot become a turn; never null.
	Rejected []Rejected `json:"rejected"`
}

// Rejected is one message of the envelope that was left out.
type Rejected struct {
	// MessageID is the platform message ID, "" when the message had none.
	MessageID string `json:"message_id"`
	// Reason is one of the Reason* constants.
	Reason string `json:"reason"`
}

// The reasons of a rejected message.
const (
	ReasonNoDigits       = "sender_without_digits"
	ReasonSenderTooLong  = "sender_too_long"
	ReasonMissingID      = "missing_id"
	ReasonEmptyContent   = "empty_content"
	ReasonMalformed      = "malformed"
	ReasonContentTooLong = "content_too_long"
	ReasonIDTooLong      = "message_id_too_long"
	// ReasonOtherNumber is a message for another business number of the
	// same app (metadata.phone_number_id): not ours to answer, acknowledged
	// so the platform does not redeliver it.
	ReasonOtherNumber = "other_phone_number_id"
)

var errInvalidJSON = &problem{fiber.StatusBadRequest, "invalid_json",
	"the body is not a JSON webhook envelope"}

// receive handles POST /webhook: every message of every entry and change is
// accepted on its own (envelope.go: phones at once, one phone's messages in
// order), then the delivery statuses are recorded. A table or queue failure
// answers 500, and one that ran out of Config.StoreTimeout 503 with
// Retry-After: what was done is kept, and the redelivery skips it as
// duplicates.
func (h *Handler) receive(c *fiber.Ctx) error {
	raw, p := h.body(c)
	if p != nil {
		return p.write(c)
	}
	// raw is fiber's buffer; the parser decodes it into new strings, so
	// nothing that outlives this handler points into it.
	batch, err := h.platform.ParseEnvelope(raw)
	if err != nil {
		return errInvalidJSON.write(c)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.StoreTimeout)
	defer cancel()
	sum := Summary{Rejected: h.rejected(batch.Rejected)}
	// The batch is this request's own: the usable messages are kept in its
	// place, in order.
	usable := batch.Messages[:0]
	for _, m := range batch.Messages {
		if err := bound(&m); err != nil {
			r := messaging.Rejection{Item: messaging.ItemMessage, ID: m.ProviderMessageID, Err: err}
			sum.Rejected = append(sum.Rejected, h.reject(r))
			continue
		}
		if h.inbound.Stale(m) {
			sum.Stale++
			continue
		}
		usable = append(usable, m)
	}
	var failed error
	for i, a := range h.acceptAll(ctx, usable) {
		if a.err != nil {
			h.failures.Error(h.log, "inbound message not stored", a.err, zap.String("message_id", usable[i].ProviderMessageID))
			failed = a.err
		}
		switch a.out {
		case inbound.Accepted, inbound.Deferred:
			sum.Accepted++
		case inbound.Duplicate, inbound.InProgress:
			sum.Duplicates++
		}
	}
	if failed != nil {
		return storeFailure(c, failed)
	}
	if err := h.recordStatuses(ctx, batch.Statuses); err != nil {
		h.failures.Error(h.log, "delivery status not stored", err)
		return storeFailure(c, err)
	}
	if err := h.recordReactions(ctx, batch.Reactions); err != nil {
		h.failures.Error(h.log, "reaction not stored", err)
		return errStore.write(c)
	}
	return c.JSON(sum)
}

// rejected lists the rejected messages for the answer and logs every
// rejection by cause. The parser's error text may quote the sender, so only
// the reason is logged.
func (h *Handler) rejected(rs []messaging.Rejection) []Rejected {
	out := []Rejected{}
	for _, r := range rs {
		if r.Item != messaging.ItemMessage {
			h.log.Debug("delivery status ignored", zap.String("status_id", cut(r.ID, MaxMessageIDBytes)),
				zap.String("reason", reasonOf(r.Err)))
			continue
		}
		out = append(out, h.reject(r))
	}
	return out
}

// reject logs one rejected message and returns its entry in the answer. An
// ID too long to be a platform ID is not echoed.
func (h *Handler) reject(r messaging.Rejection) Rejected {
	reason := reasonOf(r.Err)
	id := r.ID
	if len(id) > MaxMessageIDBytes {
		id = ""
	}
	h.log.Warn("inbound message rejected", zap.String("message_id", id), zap.String("reason", reason))
	return Rejected{MessageID: id, Reason: reason}
}

func reasonOf(err error) string {
	switch {
	case errors.Is(err, messaging.ErrNoDigits):
		return ReasonNoDigits
	case errors.Is(err, messaging.ErrSenderTooLong):
		return ReasonSenderTooLong
	case errors.Is(err, messaging.ErrMissingID):
		return ReasonMissingID
	case errors.Is(err, messaging.ErrEmptyContent):
		return ReasonEmptyContent
	case errors.Is(err, errContentTooLong):
		return ReasonContentTooLong
	case errors.Is(err, errIDTooLong):
		return ReasonIDTooLong
	case errors.Is(err, messaging.ErrOtherNumber):
		return ReasonOtherNumber
	case errors.Is(err, messaging.ErrUnknownStatus):
		return "unknown_status"
	default:
		return ReasonMalformed
	}
}
