package locale

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// currencySymbols are the symbols people read before an amount, by ISO
// code; other currencies show their code.
var currencySymbols = map[string][2]string{ // pt-BR, English
	"BRL": {"R$", "R$"},
	"USD": {"US$", "$"},
	"EUR": {"€", "€"},
}

// Money renders an amount of currency (an ISO code) for people: "R$ 1.234,56"
// or "US$ 0,0123" in pt-BR, "$1,234.56" in English. Amounts under a tenth
// keep four decimals, so a model's cost per conversation does not read as
// zero.
func (l Locale) Money(amount float64, currency string) string {
	symbol := currency
	if s, ok := currencySymbols[currency]; ok {
		symbol = s[0]
		if l.Lang == English {
			symbol = s[1]
		}
	}
	digits := 2
	if a := math.Abs(amount); a > 0 && a < 0.1 {
		digits = 4
	}
	n := l.Decimal(amount, digits)
	if l.Lang == English && len(symbol) <= 2 {
		return symbol + n
	}
	return symbol + " " + n
}

// Decimal renders v with digits decimals and the language's marks:
// "1.234,5" in pt-BR, "1,234.5" in English.
func (l Locale) Decimal(v float64, digits int) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', digits, 64)
	whole, frac, _ := strings.Cut(s, ".")
	group, point := ".", ","
	if l.Lang == English {
		group, point = ",", "."
	}
	var b strings.Builder
	if v < 0 && strings.Trim(s, "0.") != "" {
		b.WriteByte('-')
	}
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteString(point + frac)
	}
	return b.String()
}

// Percent is part of whole in whole percents ("42%"); "—" when whole is
// zero, since nothing was there to divide.
func (l Locale) Percent(part, whole int) string {
	if whole == 0 {
		return "—"
	}
	return fmt.Sprintf("%d%%", int(math.Round(100*float64(part)/float64(whole))))
}
