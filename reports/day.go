package reports

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/intake-runtime/intake/domain"
)

// Day is the sums of the conversations that started on one local day: a
// cell per service and operator, and the day's out-of-catalogue demands.
// It is what the rollup stores and what a report merges.
type Day struct {
	Cells   []Cell    `json:"cells"`
	Demands []Cluster `json:"demands,omitempty"`
}

// Cell is the sums of one day's conversations of one service (empty: none
// named) taken by one operator (empty: none took it).
// It is stored as cellWire (wire.go).
type Cell struct {
	Service  string
	Operator string
	Funnel   Funnel
	// HandoffWait and Handling are the conversations' durations in seconds
	// of business hours.
	HandoffWait Histogram
	Handling    Histogram
	// Usage is per model; the cost is priced when a report is asked for.
	Usage     []domain.ModelUsage
	CSATSum   int
	CSATCount int
	// Unsettled counts the conversations that may still change: neither
	// closed nor abandoned. A day with any is summed again by the rollup.
	Unsettled int
}

// Unsettled is how many of the day's conversations may still change.
func (d Day) Unsettled() int {
	n := 0
	for _, c := range d.Cells {
		n += c.Unsettled
	}
	return n
}

// encodeDay and decodeDay are the day item's body.
func encodeDay(d Day) (string, error) {
	b, err := json.Marshal(d)
	if err != nil {
		return "", fmt.Errorf("reports: encode day: %w", err)
	}
	return string(b), nil
}

func decodeDay(body string) (Day, error) {
	var d Day
	if err := json.Unmarshal([]byte(body), &d); err != nil {
		return Day{}, fmt.Errorf("reports: decode day: %w", err)
	}
	return d, nil
}

// merge adds o into c (same service and operator or not: the caller
// decides what it is summing).
func (c *Cell) merge(o Cell) {
	f := &c.Funnel
	f.Conversations += o.Funnel.Conversations
	f.Qualified += o.Funnel.Qualified
	f.DataComplete += o.Funnel.DataComplete
	f.Registered += o.Funnel.Registered
	f.HandedOff += o.Funnel.HandedOff
	f.Closed += o.Funnel.Closed
	f.Abandoned += o.Funnel.Abandoned
	if c.HandoffWait == nil {
		c.HandoffWait = Histogram{}
	}
	if c.Handling == nil {
		c.Handling = Histogram{}
	}
	c.HandoffWait.Merge(o.HandoffWait)
	c.Handling.Merge(o.Handling)
	c.Usage = mergeUsage(c.Usage, o.Usage)
	c.CSATSum += o.CSATSum
	c.CSATCount += o.CSATCount
	c.Unsettled += o.Unsettled
}

// mergeUsage adds the usage of add into into, model by model.
func mergeUsage(into, add []domain.ModelUsage) []domain.ModelUsage {
	for _, u := range add {
		i := slices.IndexFunc(into, func(o domain.ModelUsage) bool { return o.Model == u.Model })
		if i < 0 {
			into = append(into, u)
			continue
		}
		into[i].Calls += u.Calls
		into[i].TokensInput += u.TokensInput
		into[i].TokensOutput += u.TokensOutput
	}
	return into
}
