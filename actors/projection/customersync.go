package projection

import (
	"context"
	"errors"
	"maps"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// ERP is the management system's customer API as the sync job uses it;
// *erp.Client and *erp.Stub implement it. EnsureCustomer makes sure the
// customer of the payload exists (found by its document, or created) and
// returns the spec's StubResponse with the customer's ID in MockID, and a
// non-nil error only when ctx ended.
type ERP interface {
	EnsureCustomer(ctx context.Context, customer map[string]any) (domain.AdapterResult, error)
}

// CustomerPayload is the ERP customer a session whose registration is
// complete should have: BuildCustomerPayload of its cadastral data, with the
// session's WhatsApp number as the phone when the customer gave no other, so
// the ERP record can be reached. The error wraps ErrMissingName when the data
// has no name. The session is not changed.
func CustomerPayload(s domain.Session) (map[string]any, error) {
	data := maps.Clone(s.CadastralData)
	if data == nil {
		data = map[string]any{}
	}
	if field(data, phoneKeys) == "" && s.PhoneNumber != "" {
		data[phoneKeys[0]] = s.PhoneNumber
	}
	return BuildCustomerPayload(data)
}

// ensureCustomer is the ERP part of an attempt: when p's desired state holds
// a customer the ERP has not confirmed, it asks the ERP for it and, once
// confirmed, checkpoints the customer's ID on the leased projection before
// the CRM part runs, so a later failure never makes the call again. A failure
// is noted in p.ERPLastError. It returns the ERP's answer (a success when
// nothing was wanted); the error is errSuperseded when the projection changed
// under it (p then holds the confirmed customer for release to carry over), a
// storage failure, or the context's.
func (j *Job) ensureCustomer(ctx context.Context, p *persistence.CRMProjection) (domain.AdapterResult, error) {
	if !p.ERPWanted() {
		return domain.AdapterResult{Success: true}, nil
	}
	resp, err := j.cfg.ERP.EnsureCustomer(ctx, p.Desired.Customer)
	if err != nil || !resp.Success {
		p.ERPLastError = resp.Detail
		return resp, err
	}
	confirm := func(cp *persistence.CRMProjection, now time.Time) {
		cp.ERPCustomerID, cp.ERPSyncedAt, cp.ERPLastError = string(resp.MockID), &now, ""
	}
	err = j.checkpoint(ctx, p, confirm)
	if errors.Is(err, errSuperseded) {
		confirm(p, j.now()) // the customer exists all the same: release carries it over
	}
	return resp, err
}
