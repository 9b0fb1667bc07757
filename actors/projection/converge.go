package projection

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// errSuperseded stops an attempt whose projection changed under it (a new
// revision, or a lost lease) at a checkpoint: before the deal create, or after
// the ERP confirmed the customer. Release carries over what it learned.
var errSuperseded = errors.New("projection: changed during the sync")

// converge brings the CRM to p's desired state: the contact (updated, or
// found or created), then the deal (created with the association to the
// contact, or updated) in the desired stage. It records the IDs it learns in
// p and returns the last call's result: success, or the failure that stopped
// it.
//
// The deal create is the one call that cannot be repeated blindly. Before it,
// creation_started is stored with the lease still held (a conditional write
// that fails if another worker took over); an attempt that finds
// creation_started set without a deal ID does not know whether the earlier
// create happened (a crash, a timeout after the request was written), so it
// looks the deal up by its session property first. Never a second deal.
//
// The deal's version tag (etag) the CRM returns is kept on p and sent as the
// precondition of the next update, so a deal edited in the CRM meanwhile is
// not overwritten; a CRM that returns none gets unconditional updates.
func (j *Job) converge(ctx context.Context, p *persistence.CRMProjection) (domain.AdapterResult, error) {
	resp, err := j.cfg.CRM.SyncContact(ctx, p.ContactID, p.Desired.Contact)
	if err != nil || !resp.Success {
		return resp, err
	}
	p.ContactID = string(resp.MockID)
	deal := withContact(p.Desired.Deal, p.ContactID)

	if p.DealID == "" && p.CreationStarted != nil {
		if resp, err = j.cfg.CRM.FindDeal(ctx, p.SessionID); err != nil || !resp.Success {
			return resp, err
		}
		p.DealID = string(resp.MockID)
		if p.DealID != "" {
			j.log.Info("reconciled a deal created by an earlier attempt",
				zap.String("session_id", p.SessionID), zap.String("deal_id", p.DealID))
		}
	}
	var etag string
	if p.DealID != "" {
		if resp, etag, err = j.cfg.CRM.UpdateDeal(ctx, p.DealID, p.Desired.Stage, deal, p.ETag); err == nil && resp.Success {
			p.ETag = etag
		}
		return resp, err
	}
	if err := j.markCreation(ctx, p); err != nil {
		return domain.AdapterResult{}, err
	}
	if resp, etag, err = j.cfg.CRM.CreateDeal(ctx, p.SessionID, p.Desired.Stage, deal); err != nil || !resp.Success {
		return resp, err
	}
	p.DealID, p.ETag = string(resp.MockID), etag
	return resp, nil
}

// markCreation stores creation_started on the leased projection (see
// checkpoint) before the deal create.
func (j *Job) markCreation(ctx context.Context, p *persistence.CRMProjection) error {
	return j.checkpoint(ctx, p, func(cp *persistence.CRMProjection, now time.Time) {
		if cp.CreationStarted == nil {
			cp.CreationStarted = &now
		}
	})
}

// checkpoint stores what change records on the leased projection and renews
// the lease from now, so the whole LeaseDuration covers the calls that follow:
// the calls before may have used up most of the first lease, and a worker
// that took over mid-create could search before the record is visible. It is
// errSuperseded when the lease was lost or the revision changed: p is left as
// it was, and the attempt stops cleanly.
func (j *Job) checkpoint(ctx context.Context, p *persistence.CRMProjection, change func(cp *persistence.CRMProjection, now time.Time)) error {
	marked := *p
	now := j.now()
	until := now.Add(j.cfg.LeaseDuration)
	change(&marked, now)
	marked.LeaseUntil, marked.NextAttemptAt = &until, until
	marked.UpdatedAt = now
	err := j.projections.Save(ctx, marked, j.cfg.Owner)
	if errors.Is(err, persistence.ErrConflict) {
		return fmt.Errorf("%w: %v", errSuperseded, err)
	}
	if err != nil {
		return err
	}
	*p = marked
	return nil
}
