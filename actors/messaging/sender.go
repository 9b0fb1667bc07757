package messaging

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/intake-runtime/intake/domain"
)

// Sender delivers the bot's messages to customers. The messaging actor holds
// one; a platform's client (cloudapi.Client) and Stub implement it and are
// safe for concurrent use.
//
// Both methods report every outcome in the AdapterResult, which the message log
// stores as the spec's adapter result. The error is non-nil only when the call
// could not be made for a reason the caller owns: invalid arguments
// (ErrInvalidRecipient, ErrEmptyText, ErrTextTooLong, ErrEmptyMessageID, with a
// permanent response) or its context (ended, or its deadline leaves no room to
// wait for pacing: errors.Is context.Canceled or context.DeadlineExceeded, with
// a transient response, or uncertain when the request was already written).
// Platform and network failures are never errors: they are responses with
// success=false and an error kind.
type Sender interface {
	// Send sends text to the customer phone to (any formatting; only its
	// digits are used) and returns the platform message ID as mock_id.
	Send(ctx context.Context, to, text string) (domain.AdapterResult, error)
	// MarkRead marks the inbound message messageID as read and shows the
	// typing indicator. Failing it harms nothing but the customer's view.
	MarkRead(ctx context.Context, messageID string) (domain.AdapterResult, error)
}

// MaxTextRunes is the platform's limit on a text message body.
const MaxTextRunes = 4096

// CheckSend validates Send's arguments, shared by every Sender so the stub
// catches in the emulator what the platform would reject in production. It
// returns the recipient as digits.
func CheckSend(to, text string) (string, error) {
	digits := Digits(to)
	switch {
	case digits == "":
		return "", ErrInvalidRecipient
	case len(digits) > MaxPhoneDigits:
		return "", fmt.Errorf("%w: %d digits", ErrInvalidRecipient, len(digits))
	case strings.TrimSpace(text) == "":
		return "", ErrEmptyText
	case utf8.RuneCountInString(text) > MaxTextRunes:
		return "", fmt.Errorf("%w: %d characters, the limit is %d",
			ErrTextTooLong, utf8.RuneCountInString(text), MaxTextRunes)
	}
	return digits, nil
}

// CheckRead validates MarkRead's argument.
func CheckRead(messageID string) error {
	if strings.TrimSpace(messageID) == "" {
		return ErrEmptyMessageID
	}
	return nil
}
