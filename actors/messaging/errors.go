package messaging

import "errors"

// Errors of the inbound parser. A rejected message carries one of them, wrapped
// with the detail, so the webhook handler can count and log rejections by cause
// with errors.Is.
var (
	// ErrNoDigits reports a sender (or phone_number) without any digit: the spec's
	// ValueError of _normalize_sender.
	ErrNoDigits = errors.New("messaging: sender has no digits")
	// ErrSenderTooLong reports a sender with more than MaxPhoneDigits digits; such
	// a value is no phone number and would make oversized table keys.
	ErrSenderTooLong = errors.New("messaging: sender has too many digits")
	// ErrMissingID reports a message without a platform message ID: without it
	// the webhook cannot deduplicate deliveries, so it cannot become a turn.
	ErrMissingID = errors.New("messaging: message has no id")
	// ErrMalformed reports a message, status or payload whose JSON does not have
	// the platform's shape.
	ErrMalformed = errors.New("messaging: malformed")
	// ErrUnknownStatus reports a delivery status other than sent, delivered,
	// read or failed.
	ErrUnknownStatus = errors.New("messaging: unknown delivery status")
	// ErrUnknownInstance reports an internal payload naming an instance that is
	// not configured.
	ErrUnknownInstance = errors.New("messaging: unknown instance")
	// ErrEmptyContent reports an internal payload without content.
	ErrEmptyContent = errors.New("messaging: empty content")
	// ErrOtherNumber reports a message or status addressed to a business
	// number other than ours (another phone_number_id of the same app): it
	// is not our conversation, so it is ignored, never answered.
	ErrOtherNumber = errors.New("messaging: addressed to another phone number ID")
)

// Errors of a platform's webhook authentication. The webhook handler answers
// each with its own status, so the platform and whoever set it up see why.
var (
	// ErrNoSignature reports a delivery without the platform's signature
	// while a secret is configured.
	ErrNoSignature = errors.New("messaging: signature missing")
	// ErrBadSignature reports a signature that does not match the body.
	ErrBadSignature = errors.New("messaging: signature does not match the body")
	// ErrHandshakeDisabled reports a subscription handshake while no verify
	// token is configured.
	ErrHandshakeDisabled = errors.New("messaging: no verify token is configured")
	// ErrHandshakeRefused reports a handshake with the wrong mode or token.
	ErrHandshakeRefused = errors.New("messaging: handshake refused")
	// ErrNoChallenge reports an accepted handshake without a challenge to echo.
	ErrNoChallenge = errors.New("messaging: handshake without a challenge")
)

// Errors of the outbound side: the caller passed arguments no platform call can
// accept. Send still returns a permanent AdapterResult alongside them.
var (
	// ErrInvalidRecipient reports a recipient without digits.
	ErrInvalidRecipient = errors.New("messaging: recipient has no digits")
	// ErrEmptyText reports a message text that is empty or only white space.
	ErrEmptyText = errors.New("messaging: empty text")
	// ErrTextTooLong reports a text above MaxTextRunes, the platform's limit.
	ErrTextTooLong = errors.New("messaging: text too long")
	// ErrEmptyMessageID reports a MarkRead call without a message ID.
	ErrEmptyMessageID = errors.New("messaging: empty message id")
)
