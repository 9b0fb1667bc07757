package erp

import (
	"context"
	"fmt"
	"maps"
	"sync"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/recent"
)

// Stub stands in for the ERP when ERP_ENABLED=false: it records the payloads
// it receives and succeeds with a local ID, so the emulator runs without the
// provider. It keeps the last History payloads (STUB_HISTORY; zero keeps
// recent.DefaultMax). It is safe for concurrent use.
type Stub struct {
	// History is how many payloads are kept; set it before the first call.
	History int

	mu       sync.Mutex
	received recent.List[map[string]any]
	count    int
	// byDocument is the ID given to each cpfcnpj, so a customer ensured
	// again is found, as the client finds it in the ERP.
	byDocument map[string]string
}

// EnsureCustomer records a copy of the payload and succeeds: with the ID it
// gave the payload's document before, else a new local ID.
func (s *Stub) EnsureCustomer(ctx context.Context, customer map[string]any) (domain.AdapterResult, error) {
	if err := ctx.Err(); err != nil {
		return domain.AdapterResult{Detail: "erp stub: " + err.Error(), ErrorKind: domain.ErrorKindTransient}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received.Max = s.History
	s.received.Add(maps.Clone(customer))
	doc, _ := customer["cpfcnpj"].(string)
	if id, ok := s.byDocument[doc]; ok && doc != "" {
		return domain.AdapterResult{Success: true, MockID: domain.NullString(id), Detail: "erp stub: customer exists"}, nil
	}
	s.count++
	id := fmt.Sprintf("stub-%d", s.count)
	if doc != "" {
		if s.byDocument == nil {
			s.byDocument = map[string]string{}
		}
		s.byDocument[doc] = id
	}
	return domain.AdapterResult{Success: true, MockID: domain.NullString(id), Detail: "erp stub: customer recorded"}, nil
}

// Received returns the payloads recorded so far, oldest first.
func (s *Stub) Received() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.received.All()
}
