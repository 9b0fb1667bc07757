package messaging

import (
	"fmt"
	"strings"
)

// MaxPhoneDigits bounds a normalized phone number. E.164 allows 15 digits; the
// extra room keeps test and emulator numbers working while table keys built
// from the phone stay small whatever a caller posts.
const MaxPhoneDigits = 20

// NormalizeSender is the spec's _normalize_sender (PlatformNumber) followed
// by CanonicalPhone: every character that is not an ASCII digit is dropped,
// "+" is prefixed, and a Brazilian mobile gets its ninth digit, so the
// identity of a person does not depend on which form the platform (or a
// person) used. A value without any digit is ErrNoDigits, one with more than
// MaxPhoneDigits digits ErrSenderTooLong. Normalizing an already normalized
// number returns it unchanged, so every layer can call it safely.
func NormalizeSender(raw string) (string, error) {
	phone, err := PlatformNumber(raw)
	if err != nil {
		return "", err
	}
	return CanonicalPhone(phone), nil
}

// PlatformNumber is raw as "+digits" and nothing more: the number exactly as
// the platform gave it, which is where replies must go (the platform's wa_id
// of a Brazilian mobile often lacks the ninth digit, and the platform
// delivers to the form it gave). Errors as NormalizeSender.
func PlatformNumber(raw string) (string, error) {
	digits := Digits(raw)
	switch {
	case digits == "":
		return "", fmt.Errorf("%w: %q", ErrNoDigits, clip(raw, 40))
	case len(digits) > MaxPhoneDigits:
		return "", fmt.Errorf("%w: %d digits", ErrSenderTooLong, len(digits))
	}
	return "+" + digits, nil
}

// ReplyTo is where replies to a message from raw go when they must not go to
// phone, its normalized form: raw as "+digits" when the platform gave
// another form of the person's number, "" when it gave phone itself (the
// common case, which then costs no stored byte).
func ReplyTo(raw, phone string) string {
	if given, err := PlatformNumber(raw); err == nil && given != phone {
		return given
	}
	return ""
}

// CanonicalPhone is the one form of a Brazilian mobile: with the ninth digit.
// Since 2016 every Brazilian mobile has nine digits after the two-digit area
// code, the first a 9; the older eight-digit form (first digit 6 to 9) still
// reaches the same phone, and the platform's wa_id often uses it. So
// "+55" + area + 8 digits starting 6–9 becomes "+55" + area + "9" + those
// digits. Landlines (8 digits starting 2–5), numbers already with nine
// digits and every other country are returned unchanged. phone is
// "+digits", as PlatformNumber returns it.
func CanonicalPhone(phone string) string {
	// "+55", a two-digit area code (neither digit 0), eight digits.
	const brazilWithoutNinth = len("+55") + 2 + 8
	if len(phone) != brazilWithoutNinth || !strings.HasPrefix(phone, "+55") || !allDigits(phone[1:]) {
		return phone
	}
	area, local := phone[3:5], phone[5:]
	if area[0] == '0' || area[1] == '0' || local[0] < '6' {
		return phone
	}
	return "+55" + area + "9" + local
}

// PhoneForms are the forms one person's number is stored under: the
// canonical one (CanonicalPhone) first, then, for a Brazilian mobile, the
// form without the ninth digit that older releases and the platform's wa_id
// used. A person's export and erasure look under every one.
func PhoneForms(canonical string) []string {
	const withNinth = len("+55") + 2 + 9
	if len(canonical) == withNinth && strings.HasPrefix(canonical, "+55") && canonical[5] == '9' && canonical[6] >= '6' {
		return []string{canonical, canonical[:5] + canonical[6:]}
	}
	return []string{canonical}
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
