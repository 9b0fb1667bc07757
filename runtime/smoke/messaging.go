package smoke

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// messaging checks the platform adapter. Its real call reads the sender
// number (GET /{version}/{phone_number_id}): it proves the token and the ID
// without sending anything to anyone.
func (c *Checker) messaging(ctx context.Context, real bool) (bool, string) {
	m := c.cfg.Messaging
	if !m.CloudEnabled {
		return true, "MESSAGING_CLOUD_ENABLED=false: replies go to the local stub, which records and succeeds; no call made"
	}
	var s settings
	s.needURL("MESSAGING_API_BASE_URL", m.APIBaseURL)
	s.need("MESSAGING_API_VERSION", m.APIVersion != "")
	s.need("MESSAGING_PHONE_NUMBER_ID", m.PhoneNumberID != "")
	s.need("MESSAGING_ACCESS_TOKEN", m.AccessToken.Reveal() != "")
	ok, detail := s.verdict(fmt.Sprintf("replies are sent with POST %s/%s/%s/messages (MESSAGING_ACCESS_TOKEN %s, MESSAGING_APP_SECRET %s, pacing %g/s, instances %s)",
		strings.TrimRight(m.APIBaseURL, "/"), m.APIVersion, m.PhoneNumberID,
		setOrNot(m.AccessToken), setOrNot(m.AppSecret), m.MaxRPS, strings.Join(m.Instances, ", ")))
	return realOnlyAfter(real, ok, detail, func() (bool, string) {
		u := join(m.APIBaseURL, "/"+url.PathEscape(m.APIVersion)+"/"+url.PathEscape(m.PhoneNumberID)) + "?fields=display_phone_number,verified_name"
		return c.probe(ctx, u, m.AccessToken.Reveal(), func(body []byte) string {
			var n struct {
				Display  string `json:"display_phone_number"`
				Verified string `json:"verified_name"`
			}
			if json.Unmarshal(body, &n) != nil || n.Display == "" {
				return "nothing was sent"
			}
			return fmt.Sprintf("sender number %s (%s); nothing was sent", n.Display, n.Verified)
		})
	})
}
