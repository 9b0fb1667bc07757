package reports

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/intake-runtime/intake/domain"
)

// cellWire is a cell as a day item stores it: numbers in arrays rather
// than objects with names, so a year of day items decodes in a fraction
// of the time a report may take.
type cellWire struct {
	Service  string `json:"s,omitempty"`
	Operator string `json:"o,omitempty"`
	// Funnel is conversations, qualified, data complete, registered,
	// handed off, closed, abandoned.
	Funnel [7]int `json:"f"`
	// Wait and Handling are histograms as bucket, count pairs.
	Wait     []int `json:"w,omitempty"`
	Handling []int `json:"h,omitempty"`
	// Models and Usage are the usage per model: calls, tokens in, out.
	Models []string   `json:"m,omitempty"`
	Usage  [][3]int64 `json:"u,omitempty"`
	// Counts is the CSAT sum, the CSAT count and the unsettled count.
	Counts [3]int `json:"c"`
}

// MarshalJSON writes the cell as cellWire.
func (c Cell) MarshalJSON() ([]byte, error) {
	f := c.Funnel
	w := cellWire{Service: c.Service, Operator: c.Operator,
		Funnel:   [7]int{f.Conversations, f.Qualified, f.DataComplete, f.Registered, f.HandedOff, f.Closed, f.Abandoned},
		Wait:     c.HandoffWait.pairs(),
		Handling: c.Handling.pairs(),
		Counts:   [3]int{c.CSATSum, c.CSATCount, c.Unsettled}}
	for _, u := range c.Usage {
		w.Models = append(w.Models, u.Model)
		w.Usage = append(w.Usage, [3]int64{int64(u.Calls), u.TokensInput, u.TokensOutput})
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a cell written by MarshalJSON.
func (c *Cell) UnmarshalJSON(b []byte) error {
	var w cellWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	f := w.Funnel
	*c = Cell{Service: w.Service, Operator: w.Operator,
		Funnel:      Funnel{Conversations: f[0], Qualified: f[1], DataComplete: f[2], Registered: f[3], HandedOff: f[4], Closed: f[5], Abandoned: f[6]},
		HandoffWait: fromPairs(w.Wait), Handling: fromPairs(w.Handling),
		CSATSum: w.Counts[0], CSATCount: w.Counts[1], Unsettled: w.Counts[2]}
	for i, model := range w.Models {
		if i < len(w.Usage) {
			u := w.Usage[i]
			c.Usage = append(c.Usage, domain.ModelUsage{Model: model, Calls: int(u[0]), TokensInput: u[1], TokensOutput: u[2]})
		}
	}
	return nil
}

// pairs is h as bucket, count pairs in bucket order.
func (h Histogram) pairs() []int {
	out := make([]int, 0, 2*len(h))
	for _, b := range slices.Sorted(maps.Keys(h)) {
		out = append(out, b, h[b])
	}
	return out
}

// fromPairs reads pairs; nil when there are none.
func fromPairs(p []int) Histogram {
	if len(p) < 2 {
		return nil
	}
	h := make(Histogram, len(p)/2)
	for i := 0; i+1 < len(p); i += 2 {
		h[p[i]] += p[i+1]
	}
	return h
}
