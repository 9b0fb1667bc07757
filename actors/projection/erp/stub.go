package erp

import (
	"context"
	"fmt"
	"maps"
	"sync"

	"github.com/intake-runtime/intake/persistence"
)

// Stub stands in for the ERP when ERP_ENABLED=false: it records the payloads
// it receives and succeeds with a local ID, so the emulator runs without the
// provider. It is safe for concurrent use.
type Stub struct {
	mu       sync.Mutex
	received []map[string]any
}

// EnsureCustomer records a copy of the payload and succeeds.
func (s *Stub) EnsureCustomer(ctx context.Context, customer map[string]any) (persistence.AdapterResult, error) {
	if err := ctx.Err(); err != nil {
		return persistence.AdapterResult{Detail: "erp stub: " + err.Error(), ErrorKind: persistence.ErrorKindTransient}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received = append(s.received, maps.Clone(customer))
	id := fmt.Sprintf("stub-%d", len(s.received))
	return persistence.AdapterResult{Success: true, MockID: persistence.NullString(id), Detail: "erp stub: customer recorded"}, nil
}

// Received returns the payloads recorded so far, oldest first.
func (s *Stub) Received() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]map[string]any, len(s.received))
	copy(out, s.received)
	return out
}
