package locale_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/locale"
)

// Amounts read the way each language writes them, with the currency's
// symbol; small amounts keep enough decimals not to read as zero.
func TestNumbersInWords(t *testing.T) {
	pt, err := locale.New(locale.PortugueseBR, time.UTC, nil)
	if err != nil {
		t.Fatal(err)
	}
	en, err := locale.New(locale.English, time.UTC, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ got, want string }{
		{pt.Money(1234.5, "BRL"), "R$ 1.234,50"},
		{en.Money(1234.5, "BRL"), "R$1,234.50"},
		{pt.Money(0.0123, "USD"), "US$ 0,0123"},
		{en.Money(0.0123, "USD"), "$0.0123"},
		{pt.Money(0, "USD"), "US$ 0,00"},
		{pt.Money(12, "JPY"), "JPY 12,00"},
		{en.Money(12, "JPY"), "JPY 12.00"},
		{pt.Decimal(1234567.891, 1), "1.234.567,9"},
		{en.Decimal(-1000, 0), "-1,000"},
		{pt.Decimal(4.25, 2), "4,25"},
		{pt.Percent(1, 3), "33%"},
		{pt.Percent(2, 3), "67%"},
		{pt.Percent(0, 0), "—"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
