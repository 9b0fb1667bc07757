package runtime

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent/demo"
	"github.com/intake-runtime/intake/actors/agent/replay"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/reports"
	"github.com/intake-runtime/intake/runtime/config"
)

// rollupTimeout bounds one rollup: a month of sessions read through the
// index, their projections in batches, a day item per day written.
const rollupTimeout = 2 * time.Minute

// newRollup is the reports' rollup over the table: the day of a
// conversation is read in UI_TIMEZONE, waits in the business hours in
// force, and leads count as registered only when a CRM is connected.
func (a *App) newRollup() (*reports.Rollup, error) {
	_, zone, err := uiLocale(a.cfg.UI)
	if err != nil {
		return nil, err
	}
	r := &reports.Rollup{
		Sessions:     persistence.NewSessions(a.table),
		Demands:      persistence.NewDemands(a.table),
		Days:         persistence.NewReportDays(a.table),
		Hours:        func() businesshours.Hours { return a.hours.Hours() },
		Zone:         zone,
		AbandonAfter: a.cfg.Reports.AbandonAfter,
		Interval:     a.cfg.Reports.Interval,
		Now:          a.now,
	}
	if a.cfg.CRM.Enabled {
		r.Projections = persistence.NewProjections(a.table)
	}
	return r, nil
}

// reportStore answers the reports from the rollup's day items, pricing the
// usage with LLM_PRICES, naming operators from the roster and services from
// the catalogue in force.
func (a *App) reportStore() *reports.Store {
	return &reports.Store{
		Days:   persistence.NewReportDays(a.table),
		Zone:   a.rollup.Zone,
		Prices: modelPrices(a.cfg.LLM),
		Names:  a.roster.Names,
		Label: func(service string) string {
			if s, ok := a.content.Catalogue().Service(service); ok {
				return s.Name
			}
			return service
		},
	}
}

// modelPrices are LLM_PRICES for the cost report and the reports. The
// offline models (demo, replay) cost nothing: priced at zero, the reports
// do not ask for their price. LLM_PRICES may still say otherwise.
func modelPrices(cfg config.LLM) map[string]reports.Price {
	prices := map[string]reports.Price{demo.ModelName: {}, replay.ModelName: {}}
	for model, p := range cfg.Prices {
		prices[model] = reports.Price{Input: p.Input, Output: p.Output}
	}
	return prices
}

// runReports ticks the rollup every REPORT_INTERVAL until ctx is done: one
// node of the cluster sums, and only when something changed (Tick).
func (a *App) runReports(ctx context.Context) {
	every(ctx, a.cfg.Reports.Interval, func(ctx context.Context) {
		tickCtx, cancel := context.WithTimeout(ctx, rollupTimeout)
		err := a.rollup.Tick(tickCtx)
		cancel()
		if err != nil && ctx.Err() == nil {
			a.logger.Warn("reports not rolled up; the next interval tries again", zap.Error(err))
		}
	})
}

// committedSignal passes the conversations' metrics on and tells the
// rollup each finished turn and each reply sent: the sessions changed on
// this node. It rides on calls every turn makes already, so it costs no
// table request.
type committedSignal struct {
	session.Metrics
	rollup *reports.Rollup
}

func (s committedSignal) Turn(outcome string) {
	s.Metrics.Turn(outcome)
	s.rollup.Committed()
}

func (s committedSignal) Sent(kind domain.ErrorKind) {
	s.Metrics.Sent(kind)
	s.rollup.Committed()
}
