package messaging

import (
	"time"

	"github.com/intake-runtime/intake/domain"
)

// InboundMessage is one customer message ready to become a turn: the spec's
// WhatsAppCloudInboundMessage after normalization. It is a value; copying it
// is safe.
type InboundMessage struct {
	// PhoneNumber is the normalized sender, "+" and digits: the person's
	// identity (NormalizeSender), which names the conversation.
	PhoneNumber string
	// ReplyTo is the sender as the platform gave it, when that differs from
	// PhoneNumber (a Brazilian mobile without its ninth digit): replies go
	// there. "" when they go to PhoneNumber.
	ReplyTo string
	// Content is the text body, the media caption, or "[type]".
	Content string
	// MessageType is text or a media kind (never system).
	MessageType domain.MessageType
	// Instance is the brand instance the message belongs to.
	Instance string
	// ProviderMessageID is the platform message ID (or the UUID the internal
	// route assigned); receipts and the queue message are keyed by it.
	ProviderMessageID string
	// ReceivedAt is the platform timestamp in UTC, or the parse time when the
	// platform gave none.
	ReceivedAt time.Time
	// PhoneNumberID is the business number that received the message.
	PhoneNumberID string
	// PushName is the customer's profile name when the platform sent it.
	PushName string
	// ReplyID is the ID of the reply button, list item or template button
	// the customer tapped (Content is its title), "" for anything else.
	ReplyID string
	// Media is the file of a media message as the platform described it
	// (ID, type, caption…), nil for anything else. Nothing is downloaded
	// while parsing: a MediaSource fetches the file when someone opens it.
	Media *domain.Media
}

// InternalPayload is the spec's internal inbound payload: what the internal
// route and the emulator post, and what InboundMessage.InternalPayload
// produces. Field names are the spec's.
type InternalPayload struct {
	PhoneNumber       string `json:"phone_number"`
	Content           string `json:"content"`
	MessageType       string `json:"message_type"`
	Instance          string `json:"instance,omitempty"`
	ProviderMessageID string `json:"provider_message_id,omitempty"`
	// ReceivedAt is ISO 8601 with a UTC offset (RFC 3339).
	ReceivedAt    string `json:"received_at,omitempty"`
	PhoneNumberID string `json:"phone_number_id,omitempty"`
}

// TimeLayout is how received_at is written: ISO 8601 with microseconds when
// present and an explicit "+00:00" offset, as the original service wrote it.
const TimeLayout = "2006-01-02T15:04:05.999999-07:00"

// InternalPayload is the spec's to_internal_payload.
func (m InboundMessage) InternalPayload() InternalPayload {
	phone := m.PhoneNumber
	if m.ReplyTo != "" {
		phone = m.ReplyTo // the platform's form, from which FromInternal derives both
	}
	return InternalPayload{
		PhoneNumber:       phone,
		Content:           m.Content,
		MessageType:       string(m.MessageType),
		Instance:          m.Instance,
		ProviderMessageID: m.ProviderMessageID,
		ReceivedAt:        m.ReceivedAt.UTC().Format(TimeLayout),
		PhoneNumberID:     m.PhoneNumberID,
	}
}

// Turn is the inbound turn the webhook stores in the receipt and the session
// actor receives.
func (m InboundMessage) Turn() domain.InboundTurn {
	return domain.InboundTurn{
		PhoneNumber: m.PhoneNumber,
		MessageID:   m.ProviderMessageID,
		Content:     m.Content,
		ReceivedAt:  m.ReceivedAt,
		Instance:    m.Instance,
		MessageType: m.MessageType,
		PushName:    m.PushName,
		ReplyID:     m.ReplyID,
		ReplyTo:     m.ReplyTo,
		Media:       m.Media,
	}
}
