package messaging

// Batch is everything one platform webhook callback holds, in its order.
type Batch struct {
	// Messages are the customer messages, one turn each.
	Messages []InboundMessage
	// Statuses are delivery statuses of messages Intake sent.
	Statuses []Status
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
	// ErrEmptyContent, ErrMalformed or ErrUnknownStatus.
	Err error
}

// The Item values of a Rejection.
const (
	ItemMessage = "message"
	ItemStatus  = "status"
)
