package projection

import (
	"context"
	"errors"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Job is the sync job: each Run converges the CRM to the desired revision of
// the projections that are due, and makes sure the ERP has their customer.
// Any number of Jobs, in one process or many, may run at once over one
// table: leases keep two of them off the same projection. A Job is safe for
// concurrent use, though one Run at a time per Job is what the scheduler does.
type Job struct {
	cfg         JobConfig
	projections *persistence.Projections
	log         *zap.Logger
}

// NewJob checks cfg (after defaults) and returns the job. A nil logger logs
// nothing.
func NewJob(cfg JobConfig, logger *zap.Logger) (*Job, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Job{
		cfg:         cfg,
		projections: persistence.NewProjections(cfg.Table),
		log:         logger.Named("projection").With(zap.String("owner", cfg.Owner)),
	}, nil
}

// Disabled reports whether the job was built without a CRM (CRM and ERP
// both off): its runs do nothing, so nothing reads the intents.
func (j *Job) Disabled() bool { return j.cfg.CRM == nil }

// Run syncs up to BatchSize due projections, found through gsi1 (not a scan),
// one at a time, and returns the backlog metrics. A run with nothing due reads
// the backlog once. Its trigger (a schedule
// tick, a cron event) is ignored: the table is the queue. With the CRM
// disabled it returns {"status": "disabled"} at once: the CRM and ERP intents
// stay in the table until a job with a CRM runs.
//
// A projection another worker holds, or that changed since it was listed, is
// skipped. The error joins the storage failures of single projections (the
// Result is still filled; those projections come back when their lease ends),
// and is the context's error when ctx ends.
func (j *Job) Run(ctx context.Context, trigger any) (Result, error) {
	if j.cfg.CRM == nil {
		return Result{Status: StatusDisabled}, nil
	}
	backlog, err := j.projections.Backlog(ctx)
	if err != nil {
		return Result{}, err
	}
	due := backlog.Due(j.now(), j.cfg.BatchSize)
	var errs []error
	for _, p := range due {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		if err := j.syncOne(ctx, p.SessionID); err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil {
				return Result{}, ctxErr
			}
			j.log.Warn("projection sync failed to store its outcome", zap.String("session_id", p.SessionID), zap.Error(err))
			errs = append(errs, err)
		}
	}
	if len(due) > 0 { // the metrics are the backlog after the run
		if backlog, err = j.projections.Backlog(ctx); err != nil {
			return Result{}, errors.Join(append(errs, err)...)
		}
	}
	m := metricsOf(backlog, j.now())
	return Result{Status: StatusOK, Metrics: &m, NextDue: nextDue(backlog)}, errors.Join(errs...)
}

// syncOne leases one projection, converges it and stores the outcome. Under
// the one lease it makes sure the ERP has the desired customer (when the
// desired state holds one the ERP has not confirmed), then brings the CRM to
// the desired revision (unless the CRM confirmed it already, in an attempt
// the ERP failed). The two systems are independent: one failing does not
// keep the other from being called.
func (j *Job) syncOne(ctx context.Context, sessionID string) error {
	now := j.now()
	p, err := acquire(ctx, j.cfg.Table, sessionID, j.cfg.Owner, now.Add(j.cfg.LeaseDuration), now)
	if errors.Is(err, persistence.ErrConflict) {
		return nil // another worker holds it, or it is no longer due
	}
	if err != nil {
		return err
	}
	erp, err := j.ensureCustomer(ctx, &p)
	crm := domain.AdapterResult{Success: true}
	if err == nil && !p.CRMConfirmed() {
		crm, err = j.converge(ctx, &p)
	}
	switch {
	case errors.Is(err, errSuperseded):
		return j.release(ctx, p, false)
	case err != nil:
		return err
	}
	return j.finish(ctx, p, crm, erp)
}
