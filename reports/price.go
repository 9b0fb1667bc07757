package reports

import "strings"

// Price is one model's price per million tokens, in the currency of
// LLM_PRICES. A report prices the usage it sums when it is asked for, so a
// price change applies to the past too: what the tokens would cost now.
type Price struct {
	Input  float64
	Output float64
}

// PriceOf finds the price of a logged model name: its own entry, else the
// longest entry it starts with followed by "-", so a dated snapshot
// (gpt-4o-mini-2024-07-18) takes its family's price (gpt-4o-mini).
func PriceOf(prices map[string]Price, model string) (Price, bool) {
	if p, ok := prices[model]; ok {
		return p, true
	}
	best, found := "", false
	for name := range prices {
		if strings.HasPrefix(model, name+"-") && len(name) > len(best) {
			best, found = name, true
		}
	}
	return prices[best], found
}

// Cost is what tokens of model cost at p.
func (p Price) Cost(tokensInput, tokensOutput int64) float64 {
	return (float64(tokensInput)*p.Input + float64(tokensOutput)*p.Output) / 1e6
}
