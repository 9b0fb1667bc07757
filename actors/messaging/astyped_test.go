package messaging_test

import (
	"testing"

	"github.com/intake-runtime/intake/actors/messaging"
)

// The pages show each stored number the way a person would type it.
func TestAsTyped(t *testing.T) {
	for _, c := range []struct{ phone, region, want string }{
		{"+5511988887777", "BR", "(11) 98888-7777"},
		{"+551133334444", "BR", "(11) 3333-4444"},
		{"+14155550100", "BR", "+1 415-555-0100"},
		{"+14155550100", "US", "(415) 555-0100"},
		{"operadora", "BR", "operadora"},
	} {
		if got := messaging.AsTyped(c.phone, c.region); got != c.want {
			t.Errorf("AsTyped(%q, %s) = %q, want %q", c.phone, c.region, got, c.want)
		}
	}
}
