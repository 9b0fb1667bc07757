package admin

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/reports"
)

// CostRow is the model usage of one model on one UTC day.
type CostRow struct {
	Day   string `json:"day"` // YYYY-MM-DD, UTC
	Model string `json:"model"`
	// Calls counts the logged model answers, superseded ones included: they
	// were paid for even though they were never sent; and the voice notes
	// transcribed, whose transcription is logged on the note itself.
	Calls        int   `json:"calls"`
	TokensInput  int64 `json:"tokens_input"`
	TokensOutput int64 `json:"tokens_output"`
	// Cost is in the currency of LLM_PRICES; null when the model has no price.
	Cost *float64 `json:"cost"`
}

// CostReport is the model usage per model per day, newest day first.
type CostReport struct {
	Rows  []CostRow `json:"costs"`
	Total CostRow   `json:"total"`
	// Unpriced lists the models used without a configured price.
	Unpriced []string `json:"unpriced_models"`
	// Days is the period asked for (0: all the log).
	Days int      `json:"days"`
	Scan ScanInfo `json:"scan"`
}

// withCostReport builds the cost report a request asks for (?days=N) and
// gives it to answer; a bad query or a failed scan is answered here.
func (h *Handler) withCostReport(c *fiber.Ctx, answer func(CostReport) error) error {
	days, err := intQuery(c, "days", 0, 0, maxDays)
	if err != nil {
		return done(err)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), reportTimeout)
	defer cancel()
	r, err := h.costs(ctx, days)
	if err != nil {
		return h.internal(c, "cost report failed", err)
	}
	return answer(r)
}

// costs sums the message log items that carry a model (see the package doc
// on scans): model answers and transcribed voice notes. days > 0 keeps the last days UTC days, today included.
func (h *Handler) costs(ctx context.Context, days int) (CostReport, error) {
	var from time.Time
	if days > 0 {
		y, m, d := h.cfg.Now().UTC().Date()
		from = time.Date(y, m, d-days+1, 0, 0, 0, 0, time.UTC)
	}
	type key struct{ day, model string }
	rows := map[key]*CostRow{}
	filter := persistence.Exists("llm_model")
	info, err := scan(ctx, h.table, &filter, func(item persistence.Item) error {
		if persistence.KindOf(item) != persistence.KindMessage {
			return nil
		}
		m, err := persistence.DecodeMessage(item)
		if err != nil {
			return err
		}
		if m.LLMModel == "" || m.Timestamp.Before(from) {
			return nil
		}
		k := key{m.Timestamp.UTC().Format(time.DateOnly), m.LLMModel}
		r := rows[k]
		if r == nil {
			r = &CostRow{Day: k.day, Model: k.model}
			rows[k] = r
		}
		r.Calls++
		r.TokensInput += int64(m.TokensInput)
		r.TokensOutput += int64(m.TokensOutput)
		return nil
	})
	if err != nil {
		return CostReport{}, err
	}
	report := CostReport{Rows: []CostRow{}, Unpriced: []string{}, Days: days, Scan: info, Total: CostRow{Day: "total", Model: "all"}}
	var totalCost float64
	anyPriced := false
	for _, r := range rows {
		if p, ok := reports.PriceOf(h.cfg.Prices, r.Model); ok {
			c := p.Cost(r.TokensInput, r.TokensOutput)
			r.Cost = &c
			totalCost += c
			anyPriced = true
		} else {
			if !slices.Contains(report.Unpriced, r.Model) {
				report.Unpriced = append(report.Unpriced, r.Model)
			}
		}
		report.Total.Calls += r.Calls
		report.Total.TokensInput += r.TokensInput
		report.Total.TokensOutput += r.TokensOutput
		report.Rows = append(report.Rows, *r)
	}
	// The total is the cost of the priced rows; Unpriced says what it lacks.
	if anyPriced {
		report.Total.Cost = &totalCost
	}
	slices.SortFunc(report.Rows, func(a, b CostRow) int {
		return cmp.Or(strings.Compare(b.Day, a.Day), strings.Compare(a.Model, b.Model))
	})
	slices.Sort(report.Unpriced)
	return report, nil
}
