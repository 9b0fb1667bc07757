package dashboard

import (
	"context"
	"errors"

	"github.com/intake-runtime/intake/persistence"
)

// Projections reads a session's CRM and ERP projection.
// *persistence.Projections implements it.
type Projections interface {
	Get(ctx context.Context, sessionID string) (persistence.CRMProjection, error)
}

// ProjectionView is what the session panel shows of the CRM and ERP: where
// the session's contact, deal and customer stand (with the local stubs,
// their stub IDs), so the effect of a completed registration is visible.
type ProjectionView struct {
	Status        string `json:"status"`
	Stage         string `json:"stage"`
	ContactID     string `json:"contact_id"`
	DealID        string `json:"deal_id"`
	ERPCustomerID string `json:"erp_customer_id"`
	LastError     string `json:"last_error"`
}

// projectionOf returns the session's projection view, nil when the session
// has none yet (nothing to tell the CRM) or no Projections is configured.
func (h *Handler) projectionOf(ctx context.Context, sessionID string) (*ProjectionView, error) {
	if h.deps.Projections == nil {
		return nil, nil
	}
	p, err := h.deps.Projections.Get(ctx, sessionID)
	if errors.Is(err, persistence.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &ProjectionView{
		Status: string(p.Status), Stage: p.Desired.Stage, ContactID: p.ContactID, DealID: p.DealID,
		ERPCustomerID: p.ERPCustomerID, LastError: p.LastError,
	}, nil
}
