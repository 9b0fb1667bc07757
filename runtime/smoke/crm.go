package smoke

import (
	"context"
	"encoding/json"
	"fmt"
)

// crm checks the CRM client. Its real call reads one page of one contact:
// it proves the token and the base URL and changes nothing.
func (c *Checker) crm(ctx context.Context, real bool) (bool, string) {
	m := c.cfg.CRM
	if !m.Enabled {
		return true, "CRM_ENABLED=false: projections go to the local stub, which records and succeeds; no call made"
	}
	var s settings
	s.needURL("CRM_BASE_URL", m.BaseURL)
	s.need("CRM_ACCESS_TOKEN", m.AccessToken.Reveal() != "")
	pipeline, owner := m.Pipeline, m.OwnerID
	if pipeline == "" {
		pipeline = "the CRM's default"
	}
	if owner == "" {
		owner = "none"
	}
	ok, detail := s.verdict(fmt.Sprintf("contacts and deals at %s (CRM_ACCESS_TOKEN set, pipeline %s, owner %s, pacing %g/s)", m.BaseURL, pipeline, owner, m.MaxRPS))
	return realOnlyAfter(real, ok, detail, func() (bool, string) {
		return c.probe(ctx, join(m.BaseURL, "/crm/v3/objects/contacts?limit=1"), m.AccessToken.Reveal(), func(body []byte) string {
			var page struct {
				Results []json.RawMessage `json:"results"`
			}
			if json.Unmarshal(body, &page) != nil {
				return "read only, nothing written"
			}
			return fmt.Sprintf("%d contact(s) on the page; read only, nothing written", len(page.Results))
		})
	})
}
