package crm

import (
	"context"
	"fmt"
	"maps"
	"sync"

	"github.com/intake-runtime/intake/domain"
)

// Stub stands in for the CRM where the emulator runs it as a local stub (no
// credentials): it numbers contacts, records deals and succeeds with local IDs,
// so the sync job converges the projections and the dashboard shows the
// effect, as erp.Stub does for the ERP. It is safe for concurrent use.
type Stub struct {
	mu       sync.Mutex
	contacts int
	// known maps a contact's identifiers ("email:<value>", "phone:<value>")
	// to its ID, so a contact synced again without its ID is found, as the
	// client finds it by searching the CRM.
	known map[string]string
	deals map[string]stubDeal // by deal ID
}

type stubDeal struct {
	sessionID, stage string
	deal             map[string]any
}

// SyncContact accepts the contact: without an id, the ID of the contact
// synced before with the same e-mail or phone, else a new local ID.
func (s *Stub) SyncContact(ctx context.Context, id string, contact map[string]any) (domain.AdapterResult, error) {
	if err := ctx.Err(); err != nil {
		return stubFailure(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	keys := identifiers(contact)
	for _, key := range keys {
		if id != "" {
			break
		}
		id = s.known[key]
	}
	if id == "" {
		s.contacts++
		id = fmt.Sprintf("stub-contact-%d", s.contacts)
	}
	if s.known == nil {
		s.known = map[string]string{}
	}
	for _, key := range keys {
		if _, ok := s.known[key]; !ok {
			s.known[key] = id
		}
	}
	return domain.AdapterResult{Success: true, MockID: domain.NullString(id), Detail: "crm stub: contact recorded"}, nil
}

// FindDeal returns the ID of the session's recorded deal, null when none.
func (s *Stub) FindDeal(ctx context.Context, sessionID string) (domain.AdapterResult, error) {
	if err := ctx.Err(); err != nil {
		return stubFailure(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, d := range s.deals {
		if d.sessionID == sessionID {
			return domain.AdapterResult{Success: true, MockID: domain.NullString(id), Detail: "crm stub: deal found"}, nil
		}
	}
	return domain.AdapterResult{Success: true, Detail: "crm stub: no deal"}, nil
}

// CreateDeal records the session's deal with a new local ID. The stub keeps
// no versions: it gives no ETag.
func (s *Stub) CreateDeal(ctx context.Context, sessionID, stage string, deal map[string]any) (domain.AdapterResult, string, error) {
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
	return domain.AdapterResult{Success: true, MockID: domain.NullString(id), Detail: "crm stub: deal created in " + stage}, "", nil
}

// UpdateDeal records the deal's new payload and stage; with no versions
// kept, etag is ignored and none is given back.
func (s *Stub) UpdateDeal(ctx context.Context, id, stage string, deal map[string]any, _ string) (domain.AdapterResult, string, error) {
	if err := ctx.Err(); err != nil {
		res, err := stubFailure(err)
		return res, "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.deals[id]
	if !ok {
		return domain.AdapterResult{Detail: "crm stub: no deal " + id, ErrorKind: domain.ErrorKindPermanent}, "", nil
	}
	d.stage, d.deal = stage, maps.Clone(deal)
	s.deals[id] = d
	return domain.AdapterResult{Success: true, MockID: domain.NullString(id), Detail: "crm stub: deal moved to " + stage}, "", nil
}

// identifiers are the keys the contact payload can be found by, in the
// order the client searches them (contactKeys).
func identifiers(contact map[string]any) []string {
	props := properties(contact)
	var keys []string
	for _, key := range contactKeys {
		if v, _ := props[key].(string); v != "" {
			keys = append(keys, key+":"+v)
		}
	}
	return keys
}

func stubFailure(err error) (domain.AdapterResult, error) {
	return domain.AdapterResult{Detail: "crm stub: " + err.Error(), ErrorKind: domain.ErrorKindTransient}, err
}
