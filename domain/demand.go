package domain

import (
	"time"

	"github.com/google/uuid"
)

// OutOfPortfolioDemand records a customer request for a service outside the
// catalogue, so the business can see what it is asked for and does not offer.
type OutOfPortfolioDemand struct {
	DemandID    string `dynamodbav:"demand_id" json:"demand_id"`
	SessionID   string `dynamodbav:"session_id" json:"session_id"`
	PhoneNumber string `dynamodbav:"phone_number" json:"phone_number"`
	PushName    string `dynamodbav:"push_name" json:"push_name"`
	// ServiceRequested is the customer's words; it need not name a catalogue
	// service.
	ServiceRequested  string    `dynamodbav:"service_requested" json:"service_requested"`
	EstimatedSegment  string    `dynamodbav:"estimated_segment" json:"estimated_segment"`
	MessagingInstance string    `dynamodbav:"messaging_instance" json:"messaging_instance"`
	OriginalMessage   string    `dynamodbav:"original_message" json:"original_message"`
	CreatedAt         time.Time `dynamodbav:"created_at" json:"created_at"`
}

// NewDemand returns d with a fresh UUID as demand_id and now (in UTC) as
// created_at; the triage step fills the other fields.
func NewDemand(d OutOfPortfolioDemand, now time.Time) OutOfPortfolioDemand {
	d.DemandID = uuid.NewString()
	d.CreatedAt = now.UTC()
	return d
}
