package smoke

import (
	"context"
	"fmt"
)

// erp checks the management-system client. Its real call is the client's
// Probe.
func (c *Checker) erp(ctx context.Context, real bool) (bool, string) {
	m := c.cfg.ERP
	if !m.Enabled {
		return true, c.stub("ERP_ENABLED", "customers go to the local stub, which records and succeeds; no call made")
	}
	s := settings{missing: m.Missing()}
	s.needURL("ERP_BASE_URL", m.BaseURL)
	ok, detail := s.verdict(fmt.Sprintf("customers at %s/contatos (ERP_ACCESS_TOKEN set, pacing %g/s)", m.BaseURL, m.MaxRPS))
	return realOnlyAfter(real, ok, detail, func() (bool, string) {
		return probe(ctx, "ERP", c.deps.ERP)
	})
}
