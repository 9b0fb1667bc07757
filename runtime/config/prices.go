package config

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Price is what one model costs per million tokens, in the currency the
// operator writes LLM_PRICES in (providers list USD).
type Price struct {
	// Input is the price of a million input (prompt) tokens.
	Input float64
	// Output is the price of a million output (completion) tokens.
	Output float64
}

// ParsePrices reads LLM_PRICES: comma-separated model=input/output items,
// e.g. "gpt-4o-mini=0.15/0.60,gpt-4o=2.50/10". Model names may hold slashes
// (openai/gpt-4o): the model ends at the first "=", and the prices are split
// at the last "/". Prices are finite and not negative; a model is listed once.
func ParsePrices(raw string) (map[string]Price, error) {
	prices := map[string]Price{}
	for item := range strings.SplitSeq(raw, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		model, pair, ok := strings.Cut(item, "=")
		model = strings.TrimSpace(model)
		i := strings.LastIndex(pair, "/")
		if !ok || model == "" || i < 0 {
			return nil, fmt.Errorf("%q is not model=input/output (prices per million tokens, e.g. gpt-4o-mini=0.15/0.60)", item)
		}
		in, errIn := price(pair[:i])
		out, errOut := price(pair[i+1:])
		if errIn != nil || errOut != nil {
			return nil, fmt.Errorf("%q: prices must be numbers of at least 0 (e.g. gpt-4o-mini=0.15/0.60)", item)
		}
		if _, dup := prices[model]; dup {
			return nil, fmt.Errorf("lists %q twice", model)
		}
		prices[model] = Price{Input: in, Output: out}
	}
	return prices, nil
}

func price(s string) (float64, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return 0, fmt.Errorf("not a price: %q", s)
	}
	return f, nil
}

// prices reads LLM_PRICES; a value with no items keeps the default (nil).
func (r *reader) prices(name string, dst *map[string]Price) {
	v, ok := r.get(name)
	if !ok {
		return
	}
	p, err := ParsePrices(v)
	if err != nil {
		r.fail(name, "%v", err)
		return
	}
	if len(p) > 0 {
		*dst = p
	}
}
