package projection

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// finish stores the outcome of an attempt, given the CRM's and the ERP's
// answers (a success for a system that had nothing to do), and releases the
// lease. The CRM's success confirms the revision; the status follows the
// gravest failure of the two (see decisive):
//
//	both confirmed                  SYNCED
//	permanent, or attempts spent    BLOCKED (a person must look; a new revision unblocks it)
//	uncertain                       UNCERTAIN, due after max(backoff, ReconcileDelay)
//	transient                       PENDING, due after the backoff
//
// When the desired state changed during the attempt, the IDs it learned are
// carried over to the new revision instead (see release).
func (j *Job) finish(ctx context.Context, p persistence.CRMProjection, crm, erp domain.AdapterResult) error {
	now := j.now()
	p.LeaseOwner, p.LeaseUntil = "", nil
	p.UpdatedAt = now
	if crm.Success {
		p.ConfirmedRevision = p.Revision
	}
	resp := decisive(crm, erp)
	switch {
	case resp.Success:
		p.Status = persistence.ProjectionSynced
		p.PendingSince = nil
		p.LastError, p.LastErrorKind = "", ""
		p.NextAttemptAt = now
	case resp.ErrorKind == domain.ErrorKindPermanent || p.Attempts >= j.cfg.MaxAttempts:
		p.Status = persistence.ProjectionBlocked
		p.NextAttemptAt = now
	case resp.ErrorKind == domain.ErrorKindUncertain:
		p.Status = persistence.ProjectionUncertain
		p.NextAttemptAt = now.Add(max(j.backoff(p.Attempts), j.cfg.ReconcileDelay))
	default:
		p.Status = persistence.ProjectionPending
		p.NextAttemptAt = now.Add(j.backoff(p.Attempts))
	}
	if !resp.Success {
		p.LastError = resp.Detail
		p.LastErrorKind = cmp.Or(resp.ErrorKind, domain.ErrorKindTransient)
	}
	err := j.projections.Save(ctx, p, j.cfg.Owner)
	if errors.Is(err, persistence.ErrConflict) {
		return j.release(ctx, p, crm.Success)
	}
	if err != nil {
		return err
	}
	log := j.log.Debug
	if p.Status == persistence.ProjectionBlocked {
		log = j.log.Warn
	}
	log("projection synced", zap.String("session_id", p.SessionID), zap.String("status", string(p.Status)),
		zap.Int("attempts", p.Attempts), zap.String("detail", loggable(p)))
	return nil
}

// loggable is p's last error as a log may hold it. The CRM or the ERP may
// quote what it refused (an e-mail, a document, the customer's name): the
// values of the payloads are removed literally, then every shape of
// personal data. The stored LastError keeps the whole text for the admin.
func loggable(p persistence.CRMProjection) string {
	var values []string
	collectStrings(p.Desired.Contact, &values)
	collectStrings(p.Desired.Customer, &values)
	return redact.Personal(redact.New(values...).String(p.LastError))
}

// collectStrings appends every string inside v (payloads nest objects and
// lists) to out.
func collectStrings(v any, out *[]string) {
	switch v := v.(type) {
	case string:
		*out = append(*out, v)
	case map[string]any:
		for _, x := range v {
			collectStrings(x, out)
		}
	case []any:
		for _, x := range v {
			collectStrings(x, out)
		}
	case []string:
		*out = append(*out, v...)
	}
}

// decisive is the answer that decides a projection's status after an
// attempt: a success when both systems succeeded, else the gravest failure
// (permanent, then uncertain, then transient; the CRM's on a tie).
func decisive(crm, erp domain.AdapterResult) domain.AdapterResult {
	if gravity(erp) > gravity(crm) {
		return erp
	}
	return crm
}

// gravity ranks an answer for decisive; a failure without a kind counts as
// transient.
func gravity(r domain.AdapterResult) int {
	switch {
	case r.Success:
		return 0
	case r.ErrorKind == domain.ErrorKindPermanent:
		return 3
	case r.ErrorKind == domain.ErrorKindUncertain:
		return 2
	}
	return 1
}

// releaseAttempts bounds the reloads of release when the desired state keeps
// changing under it.
const releaseAttempts = 3

// release ends an attempt whose projection changed under it. When another
// worker holds the lease now, its attempt decides and nothing is written.
// Otherwise the desired revision is new: the CRM IDs and creation mark this
// attempt learned are carried over (and confirmed, the revision the CRM now
// holds), so is the ERP customer it confirmed, the lease is released and the
// new revision is due at once.
func (j *Job) release(ctx context.Context, p persistence.CRMProjection, confirmed bool) error {
	for range releaseAttempts {
		cur, err := j.projections.Get(ctx, p.SessionID)
		if errors.Is(err, persistence.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if cur.LeaseOwner != j.cfg.Owner {
			return nil
		}
		now := j.now()
		cur.ContactID = cmp.Or(p.ContactID, cur.ContactID)
		cur.DealID = cmp.Or(p.DealID, cur.DealID)
		cur.ETag = cmp.Or(p.ETag, cur.ETag)
		cur.CreationStarted = cmp.Or(cur.CreationStarted, p.CreationStarted)
		if p.ERPSyncedAt != nil && cur.ERPSyncedAt == nil {
			cur.ERPCustomerID, cur.ERPSyncedAt, cur.ERPLastError = p.ERPCustomerID, p.ERPSyncedAt, ""
		}
		if confirmed {
			cur.ConfirmedRevision = p.Revision
		}
		cur.LeaseOwner, cur.LeaseUntil = "", nil
		cur.NextAttemptAt, cur.UpdatedAt = now, now
		err = j.projections.Save(ctx, cur, j.cfg.Owner)
		if !errors.Is(err, persistence.ErrConflict) {
			return err
		}
	}
	return fmt.Errorf("projection: release %s: still changing after %d attempts: %w", p.SessionID, releaseAttempts, persistence.ErrConflict)
}

// backoff is the pause after the attempts-th failed attempt: BackoffBase
// doubled per attempt up to BackoffMax, with "equal jitter" (half fixed, half
// random) so it never collapses to nothing.
func (j *Job) backoff(attempts int) time.Duration {
	d := j.cfg.BackoffBase
	for i := 1; i < attempts && d < j.cfg.BackoffMax; i++ {
		d *= 2
	}
	d = min(d, j.cfg.BackoffMax)
	return d/2 + rand.N(d/2+1)
}

// now is the job's clock in UTC, as every stored timestamp is.
func (j *Job) now() time.Time { return j.cfg.Now().UTC() }
