package redact

import (
	"regexp"
	"strings"

	"go.uber.org/zap"
)

// shownDigits is how much of a phone number a log keeps: the last four
// digits tell conversations and operators apart in a day's log without
// writing the number there.
const shownDigits = 4

// MaskPhone is phone as a log may hold it: "…" and its last four digits,
// whatever its form ("+5511988887777", "5511988887777", "+55 11 98888-7777"
// all give "…7777"). Anything but digits is dropped first, so a value that
// is not a phone at all (an operator's typing) leaves no text behind; a
// value of four digits or fewer is returned as those digits.
func MaskPhone(phone string) string {
	var b strings.Builder
	for i := 0; i < len(phone); i++ {
		if c := phone[i]; c >= '0' && c <= '9' {
			b.WriteByte(c)
		}
	}
	digits := b.String()
	if len(digits) <= shownDigits {
		return digits
	}
	return "…" + digits[len(digits)-shownDigits:]
}

// Phone is the log field key holding phone masked by MaskPhone: every log
// line names a customer or an operator through it, so the rule lives here.
func Phone(key, phone string) zap.Field {
	return zap.String(key, MaskPhone(phone))
}

// phoneRun is a phone number inside a longer text: eight or more digits,
// with the "+" of E.164 when there is one.
var phoneRun = regexp.MustCompile(`\+?[0-9]{8,}`)

// Phones masks every phone-shaped run of text (eight digits or more) as
// MaskPhone does, for texts built around a phone that end up in a log: a
// table key ("SESSION#+5511988887777") or a provider's error that echoes
// the recipient.
func Phones(text string) string {
	return phoneRun.ReplaceAllStringFunc(text, MaskPhone)
}
