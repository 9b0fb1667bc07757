package messaging

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Status is one delivery status callback, matched to the outbound message log
// item by MessageID (the mock_id the send returned).
type Status struct {
	// MessageID is the platform ID of the outbound message.
	MessageID string
	// Status is sent, delivered, read or failed.
	Status persistence.DeliveryStatus
	// Recipient is the normalized customer phone, "" when the platform gave
	// none usable.
	Recipient string
	// Timestamp is the platform time in UTC, or the parse time when absent.
	Timestamp time.Time
	// Errors explain a failed status.
	Errors []StatusError
}

// StatusError is one error of a failed delivery.
type StatusError struct {
	Code    int
	Title   string
	Message string
	Details string
}

func (p *Parser) parseStatus(raw json.RawMessage) (Status, error) {
	var w wireStatus
	if err := json.Unmarshal(raw, &w); err != nil {
		return Status{}, fmt.Errorf("%w status: %v", ErrMalformed, err)
	}
	if w.ID == "" {
		return Status{}, ErrMissingID
	}
	// Only the four statuses of the message log are kept; others (the
	// platform adds kinds now and then) are rejected rather than stored.
	st := persistence.DeliveryStatus(w.Status)
	switch st {
	case persistence.DeliverySent, persistence.DeliveryDelivered, persistence.DeliveryRead, persistence.DeliveryFailed:
	default:
		return Status{}, fmt.Errorf("status of %s: %w %q", w.ID, ErrUnknownStatus, clip(w.Status, 40))
	}
	recipient, _ := NormalizeSender(w.RecipientID)
	out := Status{
		MessageID: w.ID,
		Status:    st,
		Recipient: recipient,
		Timestamp: timeOr(w.Timestamp, p.cfg.Now),
	}
	for _, e := range w.Errors {
		out.Errors = append(out.Errors, StatusError{
			Code:    e.Code,
			Title:   e.Title,
			Message: e.Message,
			Details: e.ErrorData.Details,
		})
	}
	return out, nil
}
