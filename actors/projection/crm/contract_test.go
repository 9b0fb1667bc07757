package crm_test

import (
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
)

// The client, against the fake CRM, and the stub keep the one contract the
// sync job relies on.
func TestContract(t *testing.T) {
	t.Run("Client", func(t *testing.T) {
		crmtest.Run(t, func(t *testing.T) projection.CRM { return newClient(t, crmtest.New(t), nil) })
	})
	t.Run("Stub", func(t *testing.T) {
		crmtest.Run(t, func(*testing.T) projection.CRM { return &crm.Stub{} })
	})
}
