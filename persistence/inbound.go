package persistence

import "time"

// InboundTurn is one customer message on its way to the conversation of its
// phone (spec "Inbound turn"). Its fields mirror the protobuf InboundTurn of
// the session actor, which crosses nodes; this one is stored, in receipts and
// in the debounce buffer. EncodeReceipt writes its attributes by hand: a new
// field goes there too.
type InboundTurn struct {
	PhoneNumber string `dynamodbav:"phone_number" json:"phone_number"`
	// MessageID is the platform message ID, or the ID the internal route
	// generated.
	MessageID  string    `dynamodbav:"message_id" json:"message_id"`
	Content    string    `dynamodbav:"content" json:"content"`
	ReceivedAt time.Time `dynamodbav:"received_at" json:"received_at"`
	Instance   string    `dynamodbav:"instance" json:"instance"`
	// MessageType is text or a media kind; empty reads as text.
	MessageType MessageType `dynamodbav:"message_type,omitempty" json:"message_type,omitempty"`
	// PushName is the customer's profile name on the platform, when known.
	PushName string `dynamodbav:"push_name,omitempty" json:"push_name,omitempty"`
}

// QueueMessage is the body of the inbound queue message: exactly the phone and
// the platform message ID. The consumer rebuilds the turn from the receipt.
type QueueMessage struct {
	PhoneNumber string `json:"phone_number"`
	MessageID   string `json:"message_id"`
}

// QueueMessage is the queue message that announces t.
func (t InboundTurn) QueueMessage() QueueMessage {
	return QueueMessage{PhoneNumber: t.PhoneNumber, MessageID: t.MessageID}
}

// normalize reads an absent message type as text.
func (t *InboundTurn) normalize() {
	if t.MessageType == "" {
		t.MessageType = MessageText
	}
}
