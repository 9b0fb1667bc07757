package projection

import (
	"context"
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

// metrics reads the backlog through gsi1's status partitions; SYNCED
// projections are not indexed and cost nothing.
func (j *Job) metrics(ctx context.Context, now time.Time) (Metrics, error) {
	count := map[persistence.ProjectionStatus]int{}
	var oldest time.Duration
	for _, status := range []persistence.ProjectionStatus{
		persistence.ProjectionPending, persistence.ProjectionBlocked, persistence.ProjectionUncertain,
	} {
		ps, err := j.projections.InStatus(ctx, status)
		if err != nil {
			return Metrics{}, err
		}
		count[status] = len(ps)
		if status == persistence.ProjectionBlocked {
			continue
		}
		for _, p := range ps {
			since := p.CreatedAt
			if p.PendingSince != nil {
				since = *p.PendingSince
			}
			oldest = max(oldest, now.Sub(since))
		}
	}
	return Metrics{
		Pending:              count[persistence.ProjectionPending],
		Blocked:              count[persistence.ProjectionBlocked],
		Uncertain:            count[persistence.ProjectionUncertain],
		OldestPendingSeconds: int64(oldest / time.Second),
	}, nil
}
