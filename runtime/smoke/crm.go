package smoke

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// SetupChecker is a CRM client that can tell whether the CRM has the
// pipeline, the stages and the deal property its settings name
// (*crm.Client).
type SetupChecker interface {
	CheckSetup(ctx context.Context) (string, error)
}

// crm checks the CRM client. Its real calls are the client's Probe, then,
// when the client can, the check that the pipeline, every stage the
// projection sends and the session property exist, naming what is missing.
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
	stages := "logical names (CRM_STAGES unset)"
	if len(m.Stages) > 0 {
		pairs := make([]string, 0, len(m.Stages))
		for _, logical := range slices.Sorted(maps.Keys(m.Stages)) {
			pairs = append(pairs, logical+"="+m.Stages[logical])
		}
		stages = strings.Join(pairs, ", ")
	}
	ok, detail := s.verdict(fmt.Sprintf("contacts and deals at %s (CRM_ACCESS_TOKEN set, pipeline %s, stages %s, session property %s, owner %s, pacing %g/s)",
		m.BaseURL, pipeline, stages, m.SessionProperty, owner, m.MaxRPS))
	return realOnlyAfter(real, ok, detail, func() (bool, string) {
		ok, detail := probe(ctx, "CRM", c.deps.CRM)
		setup, can := c.deps.CRM.(SetupChecker)
		if !ok || !can {
			return ok, detail
		}
		found, err := setup.CheckSetup(ctx)
		if err != nil {
			return false, detail + "; " + err.Error()
		}
		return true, detail + "; " + found
	})
}
