package memory

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// DynamoDB's Number limits: 38 significant digits, magnitudes from 1E-130 up
// to (but excluding) 1E+126.
const (
	maxDigits   = 38
	minExponent = -130
	maxExponent = 125
)

// decimal is an exact DynamoDB number: coef × 10^exp, coef without trailing
// zeros (or zero, with exp 0). DynamoDB compares and adds numbers exactly,
// so floats would be wrong here.
type decimal struct {
	coef *big.Int
	exp  int
}

// parseNumber parses the string of an N attribute value as DynamoDB does:
// plain or scientific decimal notation, optional leading '-', no '+'. It
// rejects numbers DynamoDB cannot store, which also keeps the arithmetic on
// parsed numbers bounded.
func parseNumber(s string) (decimal, error) {
	d, err := parseDecimal(s)
	if err != nil {
		return decimal{}, err
	}
	return d, d.check()
}

// canonicalNumber validates the string of an N attribute value and returns
// it as DynamoDB returns it (see decimal.String).
func canonicalNumber(s string) (string, error) {
	d, err := parseNumber(s)
	if err != nil {
		return "", err
	}
	return d.String(), nil
}

func parseDecimal(s string) (decimal, error) {
	bad := func() (decimal, error) {
		return decimal{}, fmt.Errorf("the parameter cannot be converted to a numeric value: %q", s)
	}
	mant, expPart, hasExp := strings.Cut(strings.ToLower(s), "e")
	exp := 0
	if hasExp {
		e, err := strconv.Atoi(expPart)
		if err != nil {
			return bad()
		}
		// Far beyond DynamoDB's range either way; clamping keeps the sums
		// below from overflowing while check still reports the right error.
		exp = max(min(e, 1<<20), -1<<20)
	}
	neg := strings.HasPrefix(mant, "-")
	mant = strings.TrimPrefix(mant, "-")
	whole, frac, _ := strings.Cut(mant, ".")
	if whole == "" && frac == "" || !allDigits(whole) || !allDigits(frac) {
		return bad()
	}
	// Trim zeros as text first: big.Int work then stays proportional to the
	// significant digits, however long the input.
	digits := strings.TrimRight(whole+frac, "0")
	exp += len(whole+frac) - len(digits) - len(frac)
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return decimal{coef: new(big.Int)}, nil
	}
	if len(digits) > maxDigits {
		return decimal{}, fmt.Errorf("attempting to store more than %d significant digits in a Number", maxDigits)
	}
	coef, _ := new(big.Int).SetString(digits, 10) // digits only, by allDigits
	if neg {
		coef.Neg(coef)
	}
	return decimal{coef: coef, exp: exp}, nil
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// numberFromInt is the decimal of an integer.
func numberFromInt(v int64) decimal { return normalize(big.NewInt(v), 0) }

// normalize strips trailing zeros from coef into exp.
func normalize(coef *big.Int, exp int) decimal {
	if coef.Sign() == 0 {
		return decimal{coef: new(big.Int), exp: 0}
	}
	ten := big.NewInt(10)
	q, r := new(big.Int), new(big.Int)
	c := new(big.Int).Set(coef)
	for {
		q.QuoRem(c, ten, r)
		if r.Sign() != 0 {
			return decimal{coef: c, exp: exp}
		}
		c.Set(q)
		exp++
	}
}

// check reports the errors DynamoDB gives for numbers it cannot store.
func (d decimal) check() error {
	if d.coef.Sign() == 0 {
		return nil
	}
	digits := len(new(big.Int).Abs(d.coef).String())
	if digits > maxDigits {
		return fmt.Errorf("attempting to store more than %d significant digits in a Number", maxDigits)
	}
	switch magnitude := d.exp + digits - 1; {
	case magnitude > maxExponent:
		return fmt.Errorf("number overflow: attempting to store a number with magnitude larger than supported range")
	case magnitude < minExponent:
		return fmt.Errorf("number underflow: attempting to store a number with magnitude smaller than supported range")
	}
	return nil
}

// cmp compares d and o exactly: -1, 0 or +1.
func (d decimal) cmp(o decimal) int {
	a, b := align(d, o)
	return a.Cmp(b)
}

// add returns d + o exactly.
func (d decimal) add(o decimal) decimal {
	a, b := align(d, o)
	return normalize(a.Add(a, b), min(d.exp, o.exp))
}

// align returns both coefficients scaled to the smaller exponent.
func align(d, o decimal) (*big.Int, *big.Int) {
	e := min(d.exp, o.exp)
	return scale(d.coef, d.exp-e), scale(o.coef, o.exp-e)
}

func scale(c *big.Int, by int) *big.Int {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(by)), nil)
	return p.Mul(p, c)
}

// String formats d as DynamoDB returns numbers: plain notation, no exponent,
// no trailing zeros ("1.5", "1000", "0.0123", "0").
func (d decimal) String() string {
	digits := new(big.Int).Abs(d.coef).String()
	sign := ""
	if d.coef.Sign() < 0 {
		sign = "-"
	}
	switch {
	case d.exp >= 0:
		if d.coef.Sign() == 0 {
			return "0"
		}
		return sign + digits + strings.Repeat("0", d.exp)
	case -d.exp < len(digits):
		point := len(digits) + d.exp
		return sign + digits[:point] + "." + digits[point:]
	default:
		return sign + "0." + strings.Repeat("0", -d.exp-len(digits)) + digits
	}
}
