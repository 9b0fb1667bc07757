package domain

import "time"

// InboundTurn is one customer message on its way to the conversation of its
// phone (spec "Inbound turn"). Its fields mirror the protobuf InboundTurn of
// the session actor, which crosses nodes; this one is stored, in receipts and
// in the debounce buffer.
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
	// ReplyID is the ID of the button or list item the customer tapped,
	// whose title is Content.
	ReplyID string `dynamodbav:"reply_id,omitempty" json:"reply_id,omitempty"`
	// ReplyTo is the sender as the platform gave it when that differs from
	// PhoneNumber, the person's identity (a Brazilian mobile without its
	// ninth digit): the conversation replies there. Empty, replies go to
	// PhoneNumber; turns stored by older releases lack it.
	ReplyTo string `dynamodbav:"reply_to,omitempty" json:"reply_to,omitempty"`
	// Media is the file of an image, audio, video, document or sticker, as
	// the platform described it; nil for text and for turns stored before
	// media were kept. Content stays the caption or "[type]".
	Media *Media `dynamodbav:"media,omitempty" json:"media,omitempty"`
	// AcceptedAt is when the webhook accepted the message (the platform got
	// its 200): where the customer's wait for a reply begins, on this
	// service's clock. Nil on turns accepted by older releases.
	AcceptedAt *time.Time `dynamodbav:"accepted_at,omitempty" json:"accepted_at,omitempty"`
}

// QueueMessage is the inbound queue message: on the wire (SQS) exactly the
// phone and the platform message ID, as the spec has it; the consumer then
// rebuilds the turn from the receipt. A queue that keeps messages in memory
// also carries the turn itself, which saves that read.
type QueueMessage struct {
	PhoneNumber string `json:"phone_number"`
	MessageID   string `json:"message_id"`
	// Turn is the message itself, when the queue kept it in memory; never
	// encoded, so a queue body stays the two fields above.
	Turn *InboundTurn `json:"-"`
}

// QueueMessage is the queue message that announces t, carrying t.
func (t InboundTurn) QueueMessage() QueueMessage {
	return QueueMessage{PhoneNumber: t.PhoneNumber, MessageID: t.MessageID, Turn: &t}
}

// Normalize reads an absent message type as text, as a turn stored by an
// older release needs.
func (t *InboundTurn) Normalize() {
	if t.MessageType == "" {
		t.MessageType = MessageText
	}
}
