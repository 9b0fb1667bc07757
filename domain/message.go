package domain

import "time"

// Direction says who a logged message came from.
type Direction string

// The directions of the message log.
const (
	DirectionInbound  Direction = "INBOUND"
	DirectionOutbound Direction = "OUTBOUND"
	DirectionSystem   Direction = "SYSTEM"
)

// MessageType is the kind of a logged message.
type MessageType string

// The message types of the log; media kinds other than these are logged as
// document, as the inbound webhook treats them.
const (
	MessageText     MessageType = "text"
	MessageImage    MessageType = "image"
	MessageAudio    MessageType = "audio"
	MessageVideo    MessageType = "video"
	MessageDocument MessageType = "document"
	MessageSticker  MessageType = "sticker"
	MessageSystem   MessageType = "system"
)

// DeliveryStatus is the platform's status of an outbound message, reported by
// status callbacks on the inbound webhook.
type DeliveryStatus string

// The delivery statuses.
const (
	DeliverySent      DeliveryStatus = "sent"
	DeliveryDelivered DeliveryStatus = "delivered"
	DeliveryRead      DeliveryStatus = "read"
	DeliveryFailed    DeliveryStatus = "failed"
)

// ErrorSuperseded is the error of an outbound message that was produced but
// never sent because newer customer messages arrived meanwhile. Such messages
// are excluded from replay and from the model's history.
const ErrorSuperseded = "superseded"

// Message is one item of the message log (spec "Message"). The required fields
// come first; the optional ones are left out of items and JSON when empty.
type Message struct {
	MessageID   string       `dynamodbav:"message_id" json:"message_id"`
	SessionID   string       `dynamodbav:"session_id" json:"session_id"`
	PhoneNumber string       `dynamodbav:"phone_number" json:"phone_number"`
	Content     string       `dynamodbav:"content" json:"content"`
	Timestamp   time.Time    `dynamodbav:"timestamp" json:"timestamp"`
	StateBefore SessionState `dynamodbav:"state_before" json:"state_before"`
	StateAfter  SessionState `dynamodbav:"state_after" json:"state_after"`
	Direction   Direction    `dynamodbav:"direction" json:"direction"`
	MessageType MessageType  `dynamodbav:"message_type" json:"message_type"`

	// DebouncedWith lists the IDs of the customer messages merged into this
	// turn by the debounce buffer.
	DebouncedWith    []string       `dynamodbav:"debounced_with,omitempty" json:"debounced_with,omitempty"`
	LLMRawResponse   string         `dynamodbav:"llm_raw_response,omitempty" json:"llm_raw_response,omitempty"`
	LLMParsedJSON    map[string]any `dynamodbav:"llm_parsed_json,omitempty" json:"llm_parsed_json,omitempty"`
	CleanMessageSent string         `dynamodbav:"clean_message_sent,omitempty" json:"clean_message_sent,omitempty"`
	Agent            AgentName      `dynamodbav:"agent,omitempty" json:"agent,omitempty"`
	OperatorPhone    string         `dynamodbav:"operator_phone,omitempty" json:"operator_phone,omitempty"`
	// ProviderMessageID is the platform's ID of a sent message; it also indexes
	// the message in gsi1 so delivery statuses can find it.
	ProviderMessageID     string   `dynamodbav:"provider_message_id,omitempty" json:"provider_message_id,omitempty"`
	ContextPackagesActive []string `dynamodbav:"context_packages_active,omitempty" json:"context_packages_active,omitempty"`
	LLMModel              string   `dynamodbav:"llm_model,omitempty" json:"llm_model,omitempty"`
	TokensInput           int      `dynamodbav:"tokens_input,omitempty" json:"tokens_input,omitempty"`
	TokensOutput          int      `dynamodbav:"tokens_output,omitempty" json:"tokens_output,omitempty"`
	LatencyMS             int64    `dynamodbav:"latency_ms,omitempty" json:"latency_ms,omitempty"`
	Error                 string   `dynamodbav:"error,omitempty" json:"error,omitempty"`

	DeliveryStatus    DeliveryStatus `dynamodbav:"delivery_status,omitempty" json:"delivery_status,omitempty"`
	DeliveryUpdatedAt *time.Time     `dynamodbav:"delivery_updated_at,omitempty" json:"delivery_updated_at,omitempty"`

	// ReplyID is the ID of the reply button, list item or template button a
	// customer tapped; Content holds its title.
	ReplyID string `dynamodbav:"reply_id,omitempty" json:"reply_id,omitempty"`
	// Media is the file of an inbound media message (see Media); nil on
	// text, on outbound messages and on items logged before media were kept.
	Media *Media `dynamodbav:"media,omitempty" json:"media,omitempty"`
	// Reaction is the customer's emoji on this message, at ReactionAt; a
	// reaction taken back leaves Reaction empty with its time.
	Reaction   string     `dynamodbav:"reaction,omitempty" json:"reaction,omitempty"`
	ReactionAt *time.Time `dynamodbav:"reaction_at,omitempty" json:"reaction_at,omitempty"`

	// OutboxStatus is the send state of a reply committed by a turn (see
	// OutboxStatus); empty on inbound and system messages and on replies
	// logged before the outbox existed, which read as sent.
	OutboxStatus OutboxStatus `dynamodbav:"outbox_status,omitempty" json:"outbox_status,omitempty"`
	// OutboxAttempts counts the calls made to send the reply.
	OutboxAttempts int `dynamodbav:"outbox_attempts,omitempty" json:"outbox_attempts,omitempty"`
	// OutboxUncertain counts the sends made again because an earlier one's
	// outcome is unknown (the process died during the call): the only way a
	// customer may receive a reply twice.
	OutboxUncertain int `dynamodbav:"outbox_uncertain,omitempty" json:"outbox_uncertain,omitempty"`

	// Template is set on an operator's template message: the outbox sends
	// it as that template rather than Content as text.
	Template *TemplateSend `dynamodbav:"template,omitempty" json:"template,omitempty"`
	// ReplyTo is where a reply is sent when that is not PhoneNumber: the
	// number the platform last gave for the conversation (Session.ReplyTo).
	// Replies logged by older releases lack it and go to PhoneNumber.
	ReplyTo string `dynamodbav:"reply_to,omitempty" json:"reply_to,omitempty"`
	// Options are the choices a bot reply offers (the model's "options"):
	// the outbox sends Content with them as buttons or a list the customer
	// taps, or as numbered lines (WithOptions). Kept on the entry, a send
	// made again after a restart offers the same choices; older entries
	// have none.
	Options []string `dynamodbav:"options,omitempty" json:"options,omitempty"`

	// Transcript is what the customer said in a voice note, as the model
	// provider's transcription heard it (TRANSCRIPTION_ENABLED); empty when
	// transcription is off or failed, and on records older than it. The
	// transcription's model, tokens and latency are then this message's
	// LLMModel, TokensInput, TokensOutput and LatencyMS, so the cost report
	// counts it with the model calls.
	Transcript string `dynamodbav:"transcript,omitempty" json:"transcript,omitempty"`
}

// Recipient is the number a reply is sent to: ReplyTo, else PhoneNumber.
func (m Message) Recipient() string {
	if m.ReplyTo != "" {
		return m.ReplyTo
	}
	return m.PhoneNumber
}

// IsSuperseded reports whether the message was superseded and must be left out
// of replay and of the model's history.
func (m Message) IsSuperseded() bool { return m.Error == ErrorSuperseded }
