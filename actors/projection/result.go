package projection

import (
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// The statuses of a sync job result.
const (
	StatusOK       = "ok"
	StatusDisabled = "disabled"
)

// Result is the sync job's result (spec "Sync job"): {"status": "disabled"},
// or {"status": "ok", "metrics": {...}}.
type Result struct {
	Status  string   `json:"status"`
	Metrics *Metrics `json:"metrics,omitempty"`
	// NextDue is when the earliest projection waiting for the CRM (PENDING
	// or UNCERTAIN, its backoff or lease included) falls due, by the
	// backlog the run read last; zero without any. A scheduler need not
	// read the backlog before then unless a turn records a new intent.
	NextDue time.Time `json:"-"`
}

// nextDue is the earliest next attempt of the backlog's waiting
// projections; zero without any.
func nextDue(backlog persistence.Backlog) time.Time {
	var next time.Time
	for _, p := range backlog {
		if p.Status != persistence.ProjectionPending && p.Status != persistence.ProjectionUncertain {
			continue
		}
		if next.IsZero() || p.NextAttemptAt.Before(next) {
			next = p.NextAttemptAt
		}
	}
	return next
}

// Metrics is the backlog after a run, with the spec's key names.
type Metrics struct {
	// Pending, Blocked and Uncertain count the projections in each status.
	Pending   int `json:"Pending"`
	Blocked   int `json:"Blocked"`
	Uncertain int `json:"Uncertain"`
	// OldestPendingSeconds is how long the oldest projection still waiting
	// for the CRM (PENDING or UNCERTAIN) has waited, in whole seconds; 0
	// without any.
	OldestPendingSeconds int64 `json:"OldestPendingSeconds"`
}

// metricsOf counts the backlog; SYNCED projections are not indexed and cost
// nothing.
func metricsOf(backlog persistence.Backlog, now time.Time) Metrics {
	m := Metrics{
		Pending:   len(backlog.InStatus(persistence.ProjectionPending)),
		Blocked:   len(backlog.InStatus(persistence.ProjectionBlocked)),
		Uncertain: len(backlog.InStatus(persistence.ProjectionUncertain)),
	}
	m.OldestPendingSeconds = int64(backlog.OldestWaiting(now) / time.Second)
	return m
}
