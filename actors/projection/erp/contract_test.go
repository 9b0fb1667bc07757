package erp_test

import (
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/actors/projection/erp/erptest"
	"github.com/intake-runtime/intake/internal/httpcall"
)

// The client, against the fake ERP, and the stub keep the one contract the
// sync job relies on.
func TestContract(t *testing.T) {
	t.Run("Client", func(t *testing.T) {
		erptest.Run(t, func(t *testing.T) projection.ERP {
			c, err := erp.New(erp.Config{Config: httpcall.Config{
				BaseURL: erptest.New(t).URL, AccessToken: testToken, MaxRPS: 1_000_000,
				Timeout: 300 * time.Millisecond, Clock: instantClock{},
			}}, zap.NewNop())
			if err != nil {
				t.Fatal(err)
			}
			return c
		})
	})
	t.Run("Stub", func(t *testing.T) {
		erptest.Run(t, func(*testing.T) projection.ERP { return &erp.Stub{} })
	})
}
