package messaging

import "time"

// Batch is everything one platform webhook callback holds, in its order.
type Batch struct {
	// Messages are the customer messages, one turn each.
	Messages []InboundMessage
	// Statuses are delivery statuses of messages Intake sent.
	Statuses []Status
	// Reactions are the customer's reactions to messages of the
	// conversation; they are recorded on those messages, never turns.
	Reactions []Reaction
	// Rejected are the items that could not be used; the others were still
	// parsed. The handler logs them and answers 200 all the same, because the
	// platform would redeliver the same unusable items forever.
	Rejected []Rejection
}

// Rejection is one message or status of an envelope that was left out.
type Rejection struct {
	// Item is "message" or "status".
	Item string
	// ID is the platform ID of the item when it had one.
	ID string
	// Err wraps one of ErrNoDigits, ErrSenderTooLong, ErrMissingID,
	// ErrEmptyContent, ErrMalformed, ErrUnknownStatus or ErrOtherNumber.
	Err error
}

// The Item values of a Rejection.
const (
	ItemMessage = "message"
	ItemStatus  = "status"
)

// Reaction is a customer's emoji on a message of the conversation.
type Reaction struct {
	// ID is the platform ID of the reaction itself.
	ID string
	// PhoneNumber is the normalized customer who reacted.
	PhoneNumber string
	// MessageID is the platform ID of the message reacted to.
	MessageID string
	// Emoji is the reaction; "" when the customer took it back.
	Emoji string
	// At is the platform timestamp, or the parse time.
	At time.Time
}
