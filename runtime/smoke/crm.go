package smoke

import (
	"context"
	"fmt"
)

// crm checks the CRM client. Its real call is the client's Probe.
func (c *Checker) crm(ctx context.Context, real bool) (bool, string) {
	m := c.cfg.CRM
	if !m.Enabled {
		return true, c.stub("CRM_ENABLED", "projections go to the local stub, which records and succeeds; no call made")
	}
	s := settings{missing: m.Missing()}
	s.needURL("CRM_BASE_URL", m.BaseURL)
	pipeline, owner := m.Pipeline, m.OwnerID
	if pipeline == "" {
		pipeline = "the CRM's default"
	}
	if owner == "" {
		owner = "none"
	}
	ok, detail := s.verdict(fmt.Sprintf("contacts and deals at %s (CRM_ACCESS_TOKEN set, pipeline %s, owner %s, pacing %g/s)", m.BaseURL, pipeline, owner, m.MaxRPS))
	return realOnlyAfter(real, ok, detail, func() (bool, string) {
		return probe(ctx, "CRM", c.deps.CRM)
	})
}
