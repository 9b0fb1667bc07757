package messaging

import (
	"time"

	"github.com/intake-runtime/intake/domain"
)

// Status is one delivery status callback, matched to the outbound message log
// item by MessageID (the mock_id the send returned).
type Status struct {
	// MessageID is the platform ID of the outbound message.
	MessageID string
	// Status is sent, delivered, read or failed.
	Status domain.DeliveryStatus
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
