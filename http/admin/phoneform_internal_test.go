package admin

import "testing"

// The people page shows each number the way the owner would type it.
func TestTypedForm(t *testing.T) {
	for _, c := range []struct{ phone, country, want string }{
		{"+5511988887777", "BR", "(11) 98888-7777"},
		{"+551133334444", "BR", "(11) 3333-4444"},
		{"+14155550100", "BR", "+1 415-555-0100"},
		{"+14155550100", "US", "(415) 555-0100"},
		{"operadora", "BR", "operadora"},
	} {
		if got := typedForm(c.phone, c.country); got != c.want {
			t.Errorf("typedForm(%q, %s) = %q, want %q", c.phone, c.country, got, c.want)
		}
	}
}
