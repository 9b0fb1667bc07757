package smoke

import (
	"context"
	"encoding/json"
	"fmt"
)

// erp checks the management-system client. Its real call reads one contact
// (GET /contatos?limite=1): read only.
func (c *Checker) erp(ctx context.Context, real bool) (bool, string) {
	m := c.cfg.ERP
	if !m.Enabled {
		return true, "ERP_ENABLED=false: customers go to the local stub, which records and succeeds; no call made"
	}
	var s settings
	s.needURL("ERP_BASE_URL", m.BaseURL)
	s.need("ERP_ACCESS_TOKEN", m.AccessToken.Reveal() != "")
	ok, detail := s.verdict(fmt.Sprintf("customers at %s/contatos (ERP_ACCESS_TOKEN set, pacing %g/s)", m.BaseURL, m.MaxRPS))
	return realOnlyAfter(real, ok, detail, func() (bool, string) {
		return c.probe(ctx, join(m.BaseURL, "/contatos?limite=1"), m.AccessToken.Reveal(), func(body []byte) string {
			var page struct {
				Data []json.RawMessage `json:"data"`
			}
			if json.Unmarshal(body, &page) != nil {
				return "read only, nothing written"
			}
			return fmt.Sprintf("%d contact(s) on the page; read only, nothing written", len(page.Data))
		})
	})
}
