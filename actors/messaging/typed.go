package messaging

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// DefaultRegion is the region of typed numbers when none is configured
// (DEFAULT_COUNTRY's default): Intake's customers and operators are
// Brazilian first.
const DefaultRegion = "BR"

// ErrPhoneInvalid reports a number a person typed that is no phone number of
// the default region or of the country it names: letters, too few digits,
// or a local number without its area code ("98888-7777" in Brazil).
var ErrPhoneInvalid = errors.New("messaging: not a valid phone number")

// ErrRegionUnknown reports a default region (DEFAULT_COUNTRY) that is no
// ISO 3166-1 alpha-2 code the phone metadata knows.
var ErrRegionUnknown = errors.New("messaging: unknown region code")

// Region checks a default region code, the country of numbers typed without
// one, and returns it upper-case ("br" is "BR").
func Region(code string) (string, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if phonenumbers.GetCountryCodeForRegion(code) == 0 {
		return "", fmt.Errorf("%w %q", ErrRegionUnknown, clip(code, 10))
	}
	return code, nil
}

// ParseTyped reads a phone number as a person types it (login, take-over,
// transfer, operator lists): "(11) 90000-0000", "011 98888-7777",
// "+55 11 98888-7777", "5511988887777". A number without a country code is in
// region (an ISO code as Region returns it). The result is the number's
// identity, NormalizeSender's form: "+digits" with the ninth digit of a
// Brazilian mobile.
//
// A number in the default region must be a valid number there, so a local
// number typed without its area code is refused rather than read as another
// area's. A number typed with its country code needs only a possible length:
// the metadata lags new ranges by months, and test numbers are rarely valid.
func ParseTyped(raw, region string) (string, error) {
	raw = strings.TrimSpace(raw)
	if Digits(raw) == "" {
		return "", fmt.Errorf("%w: %q", ErrNoDigits, clip(raw, 40))
	}
	num, err := phonenumbers.ParseAndKeepRawInput(raw, region)
	if err != nil {
		return "", fmt.Errorf("%w %q: %v", ErrPhoneInvalid, clip(raw, 40), err)
	}
	phone, err := NormalizeSender(phonenumbers.Format(num, phonenumbers.E164))
	if err != nil {
		return "", err
	}
	// The identity must read back as itself: for a few odd inputs
	// ("0908000000000") the library's E.164 output parses as another number.
	canonical, err := phonenumbers.Parse(phone, region)
	if err != nil || phonenumbers.Format(canonical, phonenumbers.E164) != phone || !acceptable(num, canonical) {
		return "", fmt.Errorf("%w %q", ErrPhoneInvalid, clip(raw, 40))
	}
	return phone, nil
}

// acceptable applies ParseTyped's rule to the number as typed and to its
// identity form (validity is judged on the identity: the eight-digit form
// of a mobile is no valid number any more).
func acceptable(typed, identity *phonenumbers.PhoneNumber) bool {
	if typed.GetCountryCodeSource() != phonenumbers.PhoneNumber_FROM_DEFAULT_COUNTRY {
		return phonenumbers.IsPossibleNumber(typed)
	}
	return phonenumbers.IsValidNumber(identity)
}

// AsTyped is ParseTyped's inverse for the pages: a stored number
// ("+5511988887777") as people type it, the national form in region ("(11)
// 98888-7777") and the international form elsewhere ("+1 415-555-0100"). A
// number the metadata cannot read is shown as stored.
func AsTyped(phone, region string) string {
	num, err := phonenumbers.Parse(phone, region)
	if err != nil {
		return phone
	}
	if phonenumbers.GetRegionCodeForNumber(num) == region {
		return phonenumbers.Format(num, phonenumbers.NATIONAL)
	}
	return phonenumbers.Format(num, phonenumbers.INTERNATIONAL)
}
