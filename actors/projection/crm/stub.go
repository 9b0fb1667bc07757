package crm

import (
	"context"
	"fmt"
	"maps"
	"sync"

	"github.com/intake-runtime/intake/persistence"
)

// Stub stands in for the CRM where the emulator runs it as a local stub (no
// credentials): it numbers contacts, records deals and succeeds with local IDs,
// so the sync job converges the projections and the dashboard shows the
// effect, as erp.Stub does for the ERP. It is safe for concurrent use.
type Stub struct {
	mu       sync.Mutex
	contacts int
	deals    map[string]stubDeal // by deal ID
}

type stubDeal struct {
	sessionID, stage string
	deal             map[string]any
}

// SyncContact accepts the contact: a new local ID when id is empty.
func (s *Stub) SyncContact(ctx context.Context, id string, contact map[string]any) (persistence.AdapterResult, error) {
	if err := ctx.Err(); err != nil {
		return stubFailure(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if id == "" {
		s.contacts++
		id = fmt.Sprintf("stub-contact-%d", s.contacts)
	}
	return persistence.AdapterResult{Success: true, MockID: persistence.NullString(id), Detail: "crm stub: contact recorded"}, nil
}

// FindDeal returns the ID of the session's recorded deal, null when none.
func (s *Stub) FindDeal(ctx context.Context, sessionID string) (persistence.AdapterResult, error) {
	if err := ctx.Err(); err != nil {
		return stubFailure(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, d := range s.deals {
		if d.sessionID == sessionID {
			return persistence.AdapterResult{Success: true, MockID: persistence.NullString(id), Detail: "crm stub: deal found"}, nil
		}
	}
	return persistence.AdapterResult{Success: true, Detail: "crm stub: no deal"}, nil
}

// CreateDeal records the session's deal with a new local ID. The stub keeps
// no versions: it gives no ETag.
func (s *Stub) CreateDeal(ctx context.Context, sessionID, stage string, deal map[string]any) (persistence.AdapterResult, string, error) {
	if err := ctx.Err(); err != nil {
		res, err := stubFailure(err)
		return res, "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.deals == nil {
		s.deals = map[string]stubDeal{}
	}
	id := fmt.Sprintf("stub-deal-%d", len(s.deals)+1)
	s.deals[id] = stubDeal{sessionID: sessionID, stage: stage, deal: maps.Clone(deal)}
	return persistence.AdapterResult{Success: true, MockID: persistence.NullString(id), Detail: "crm stub: deal created in " + stage}, "", nil
}

// UpdateDeal records the deal's new payload and stage; with no versions
// kept, etag is ignored and none is given back.
func (s *Stub) UpdateDeal(ctx context.Context, id, stage string, deal map[string]any, _ string) (persistence.AdapterResult, string, error) {
	if err := ctx.Err(); err != nil {
		res, err := stubFailure(err)
		return res, "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.deals[id]
	if !ok {
		return persistence.AdapterResult{Detail: "crm stub: no deal " + id, ErrorKind: persistence.ErrorKindPermanent}, "", nil
	}
	d.stage, d.deal = stage, maps.Clone(deal)
	s.deals[id] = d
	return persistence.AdapterResult{Success: true, MockID: persistence.NullString(id), Detail: "crm stub: deal moved to " + stage}, "", nil
}

func stubFailure(err error) (persistence.AdapterResult, error) {
	return persistence.AdapterResult{Detail: "crm stub: " + err.Error(), ErrorKind: persistence.ErrorKindTransient}, err
}
