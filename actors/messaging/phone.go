package messaging

import (
	"fmt"
	"strings"
)

// MaxPhoneDigits bounds a normalized phone number. E.164 allows 15 digits; the
// extra room keeps test and emulator numbers working while table keys built
// from the phone stay small whatever a caller posts.
const MaxPhoneDigits = 20

// NormalizeSender is the spec's _normalize_sender: it drops every character
// that is not an ASCII digit and prefixes "+". A value without any digit is
// ErrNoDigits, one with more than MaxPhoneDigits digits ErrSenderTooLong.
// Normalizing an already normalized number returns it unchanged, so every
// layer can call it safely.
func NormalizeSender(raw string) (string, error) {
	digits := Digits(raw)
	switch {
	case digits == "":
		return "", fmt.Errorf("%w: %q", ErrNoDigits, clip(raw, 40))
	case len(digits) > MaxPhoneDigits:
		return "", fmt.Errorf("%w: %d digits", ErrSenderTooLong, len(digits))
	}
	return "+" + digits, nil
}

// Digits keeps only the ASCII digits of s. The platform wants the recipient of
// a send as digits only, and it compares wa_id with the sender that way.
func Digits(s string) string {
	if allDigits(s) {
		return s // the platform's wa_id and from: nothing to remove
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// allDigits reports whether s is all ASCII digits; "" is.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// clip shortens s to at most n bytes (on a rune boundary) for error texts, so
// a hostile payload cannot blow up logs.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// MaskPhone keeps the last four digits: enough to tell customers apart in
// logs without writing their numbers there.
func MaskPhone(digits string) string {
	if len(digits) <= 4 {
		return digits
	}
	return "…" + digits[len(digits)-4:]
}
