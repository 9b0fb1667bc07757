package projection

import (
	"context"

	"github.com/intake-runtime/intake/domain"
)

// CRM is the CRM client as the sync job uses it; *crm.Client implements it.
// Every method returns the spec's StubResponse, with the CRM's ID in MockID on
// success, and a non-nil error only when ctx ended. The job calls them in
// this order for one projection: SyncContact; FindDeal when an earlier create
// may have succeeded unseen; then CreateDeal or UpdateDeal.
type CRM interface {
	// SyncContact updates the contact id, or finds or creates the contact of
	// the payload when id is empty.
	SyncContact(ctx context.Context, id string, contact map[string]any) (domain.AdapterResult, error)
	// FindDeal returns the ID of the session's deal, null when none exists.
	FindDeal(ctx context.Context, sessionID string) (domain.AdapterResult, error)
	// CreateDeal creates the session's deal in the logical stage; the string
	// is the deal's version tag (ETag) when the CRM returns one.
	CreateDeal(ctx context.Context, sessionID, stage string, deal map[string]any) (domain.AdapterResult, string, error)
	// UpdateDeal writes the payload and the logical stage to deal id,
	// conditional on etag (If-Match) when the CRM gave one, and returns the
	// new tag.
	UpdateDeal(ctx context.Context, id, stage string, deal map[string]any, etag string) (domain.AdapterResult, string, error)
}
