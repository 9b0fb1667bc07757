package webhook

import (
	"errors"
	"unicode/utf8"

	"github.com/intake-runtime/intake/actors/messaging"
)

// Bounds on what one message may store. The platform never sends more (its
// texts stop at 4096 characters, captions at 1024, IDs are short), so only a
// forged or broken body reaches them. Without them such a message would fail
// its receipt write (table items stop at 400 KB, keys at 2 KB) on every
// redelivery, and a 500 for it would make the platform redeliver forever.
const (
	// MaxContentBytes bounds a message's content: 4096 characters of up to
	// four bytes each.
	MaxContentBytes = 16 << 10
	// MaxMessageIDBytes bounds a platform message ID, which keys the receipt.
	MaxMessageIDBytes = 256
	// maxPushNameBytes bounds the profile name kept on the receipt; a longer
	// one is cut, since it only decorates the conversation.
	maxPushNameBytes = 256
)

var (
	errContentTooLong = errors.New("webhook: content too long")
	errIDTooLong      = errors.New("webhook: message id too long")
)

// bound checks m against the bounds above and cuts its profile name.
func bound(m *messaging.InboundMessage) error {
	switch {
	case len(m.ProviderMessageID) > MaxMessageIDBytes:
		return errIDTooLong
	case len(m.Content) > MaxContentBytes:
		return errContentTooLong
	}
	m.PushName = cut(m.PushName, maxPushNameBytes)
	return nil
}

// cut shortens s to at most n bytes on a rune boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
