package messaging_test

import (
	"errors"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging"
)

// One person, one identity: a Brazilian mobile is known with and without the
// ninth digit, and both forms are the same conversation, the same operator
// and the same CRM contact. The form with the ninth digit is the identity.
func TestNormalizeSenderGivesOneIdentity(t *testing.T) {
	tests := []struct {
		rule, raw, want string
	}{
		{"mobile with the ninth digit stays", "+5511988887777", "+5511988887777"},
		{"mobile without it gains it (the platform's wa_id)", "551188887777", "+5511988887777"},
		{"eight digits starting 6 are an old mobile", "+552166665555", "+5521966665555"},
		{"eight digits starting 7 are an old mobile", "5581 7777-6666", "+5581977776666"},
		{"punctuation and spaces are dropped first", "+55 (11) 8888-7777", "+5511988887777"},
		{"landline starting 2 stays", "+551123334444", "+551123334444"},
		{"landline starting 3 stays", "551133334444", "+551133334444"},
		{"landline starting 5 stays", "+551155556666", "+551155556666"},
		{"area code with a 0 is no Brazilian number", "+550188887777", "+550188887777"},
		{"non-BR number of the same length stays", "+441188887777", "+441188887777"},
		{"US number stays", "+1 (415) 555-0100", "+14155550100"},
		{"Brazilian number of another length stays", "+55119888877770", "+55119888877770"},
		{"nine digits not starting with 9 stay", "+5511400000001", "+5511400000001"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			got, err := messaging.NormalizeSender(tt.raw)
			if err != nil || got != tt.want {
				t.Fatalf("NormalizeSender(%q) = %q, %v; want %q", tt.raw, got, err, tt.want)
			}
			if again, _ := messaging.NormalizeSender(got); again != got {
				t.Errorf("not idempotent: %q then %q", got, again)
			}
		})
	}
}

// Replies go to the number as the platform gave it; ReplyTo names it only
// when it differs from the identity.
func TestReplyToIsThePlatformsFormWhenItDiffers(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"551188887777", "+551188887777"},
		{"5511988887777", ""},
		{"+55 11 98888-7777", ""},
		{"551133334444", ""},
		{"", ""},
	}
	for _, tt := range tests {
		phone, _ := messaging.NormalizeSender(tt.raw)
		if got := messaging.ReplyTo(tt.raw, phone); got != tt.want {
			t.Errorf("ReplyTo(%q, %q) = %q, want %q", tt.raw, phone, got, tt.want)
		}
	}
}

// Numbers people type are read in the default region, as they would dial
// them, and come out as the identity NormalizeSender gives.
func TestParseTypedReadsNumbersAsPeopleTypeThem(t *testing.T) {
	tests := []struct {
		rule, raw, region, want string
		err                     error
	}{
		{"area code in parentheses, local mobile", "(11) 90000-0000", "BR", "+5511900000000", nil},
		{"digits only, national", "11988887777", "BR", "+5511988887777", nil},
		{"leading 0 (trunk prefix)", "011 98888-7777", "BR", "+5511988887777", nil},
		{"carrier selection code", "0 15 11 98888-7777", "BR", "+5511988887777", nil},
		{"+55 and spaces", "+55 11 98888-7777", "BR", "+5511988887777", nil},
		{"country code without +", "5511988887777", "BR", "+5511988887777", nil},
		{"country code without + and with spaces", "55 11 97777-6666", "BR", "+5511977776666", nil},
		{"old eight-digit mobile gains the ninth digit", "(11) 8888-7777", "BR", "+5511988887777", nil},
		{"landline stays as typed", "(11) 3333-4444", "BR", "+551133334444", nil},
		{"another country by its +", "+44 20 7946 0958", "BR", "+442079460958", nil},
		{"another default region", "(415) 555-0100", "US", "+14155550100", nil},
		{"a possible number with its country code passes", "+5511400000001", "BR", "+5511400000001", nil},
		{"surrounding spaces", "  +55 11 98888 7777 ", "BR", "+5511988887777", nil},
		{"no area code", "98888-7777", "BR", "", messaging.ErrPhoneInvalid},
		{"too short", "123", "BR", "", messaging.ErrPhoneInvalid},
		{"impossible with country code", "+1 555", "BR", "", messaging.ErrPhoneInvalid},
		{"letters", "fulano", "BR", "", messaging.ErrNoDigits},
		{"empty", "", "BR", "", messaging.ErrNoDigits},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			got, err := messaging.ParseTyped(tt.raw, tt.region)
			if !errors.Is(err, tt.err) || got != tt.want {
				t.Fatalf("ParseTyped(%q, %s) = %q, %v; want %q, %v", tt.raw, tt.region, got, err, tt.want, tt.err)
			}
		})
	}
}

func TestRegionChecksTheCode(t *testing.T) {
	for code, want := range map[string]string{"BR": "BR", "br": "BR", " pt ": "PT", "US": "US"} {
		if got, err := messaging.Region(code); err != nil || got != want {
			t.Errorf("Region(%q) = %q, %v; want %q", code, got, err, want)
		}
	}
	for _, code := range []string{"", "XX", "BRA", "55", "Brasil"} {
		if _, err := messaging.Region(code); !errors.Is(err, messaging.ErrRegionUnknown) {
			t.Errorf("Region(%q) error = %v, want ErrRegionUnknown", code, err)
		}
	}
}
