package erp_test

import (
	"context"
	"testing"

	"github.com/intake-runtime/intake/actors/projection/erp"
)

// The stub keeps the last History payloads, and its IDs stay distinct after
// it starts dropping old ones.
func TestStubKeepsTheLastPayloadsWithDistinctIDs(t *testing.T) {
	s := &erp.Stub{History: 2}
	ids := map[string]bool{}
	for _, name := range []string{"a", "b", "c"} {
		res, err := s.EnsureCustomer(context.Background(), map[string]any{"nome": name})
		if err != nil || !res.Success {
			t.Fatalf("EnsureCustomer = %+v, %v", res, err)
		}
		ids[string(res.MockID)] = true
	}
	got := s.Received()
	if len(ids) != 3 || len(got) != 2 || got[0]["nome"] != "b" || got[1]["nome"] != "c" {
		t.Errorf("ids %v, received %v; want three distinct IDs and the last two payloads", ids, got)
	}
}
