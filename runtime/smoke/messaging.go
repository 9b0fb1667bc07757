package smoke

import (
	"context"
	"fmt"
	"strings"
)

// messaging checks the platform adapter. Its real call is the client's
// Probe, which sends nothing to anyone.
func (c *Checker) messaging(ctx context.Context, real bool) (bool, string) {
	m := c.cfg.Messaging
	if !m.CloudEnabled {
		return true, c.stub("MESSAGING_CLOUD_ENABLED", "replies go to the local stub, which records and succeeds; no call made")
	}
	s := settings{missing: m.Missing()}
	s.needURL("MESSAGING_API_BASE_URL", m.APIBaseURL)
	s.need("MESSAGING_API_VERSION", m.APIVersion != "")
	ok, detail := s.verdict(fmt.Sprintf("replies are sent with POST %s/%s/%s/messages (MESSAGING_ACCESS_TOKEN %s, MESSAGING_APP_SECRET %s, pacing %g/s, instances %s)",
		strings.TrimRight(m.APIBaseURL, "/"), m.APIVersion, m.PhoneNumberID,
		setOrNot(m.AccessToken), setOrNot(m.AppSecret), m.MaxRPS, strings.Join(m.Instances, ", ")))
	return realOnlyAfter(real, ok, detail, func() (bool, string) {
		return probe(ctx, "messaging", c.deps.Messaging)
	})
}
