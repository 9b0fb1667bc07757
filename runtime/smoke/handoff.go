package smoke

import (
	"context"
	"fmt"
	"strings"
)

// handoff checks the operator notifiers. Every call they make tells a person
// something (an e-mail, a message to the operators' phones), so no call is
// harmless: the real mode makes none and says so.
func (c *Checker) handoff(_ context.Context, real bool) (bool, string) {
	h := c.cfg.Handoff
	if !h.NotifierEnabled {
		return true, c.stub("HANDOFF_NOTIFIER_ENABLED", "handoffs are queued and the local stub records them; nobody is notified; no call made")
	}
	var ways []string
	var problems []string
	switch {
	case h.EmailFrom != "" && len(h.EmailTo) > 0:
		ways = append(ways, fmt.Sprintf("e-mail from %s to %d recipient(s)", h.EmailFrom, len(h.EmailTo)))
	case h.EmailFrom != "" || len(h.EmailTo) > 0:
		problems = append(problems, "HANDOFF_EMAIL_FROM and HANDOFF_EMAIL_TO must be set together")
	}
	if seeded := len(h.OperatorPhones) + len(c.cfg.Admin.Phones); seeded > 0 {
		ways = append(ways, fmt.Sprintf("a message to the roster (%d operator or admin phone(s) seed it) through the messaging adapter", seeded))
	}
	if len(ways) == 0 && len(problems) == 0 {
		problems = append(problems, "no notifier configured: set HANDOFF_EMAIL_FROM and HANDOFF_EMAIL_TO, or OPERATOR_PHONES or ADMIN_PHONES")
	}
	var ok bool
	var detail string
	if len(problems) > 0 {
		ok, detail = false, strings.Join(problems, "; ")
	} else {
		ok = true
		detail = "operators are notified by " + strings.Join(ways, " and ")
		if h.MaxRenotifications > 0 {
			detail += fmt.Sprintf("; reminded every %s, at most %d times", h.RenotifyAfter, h.MaxRenotifications)
		}
	}
	if real {
		detail = "no call made: every notifier call reaches a person, so none is harmless; settings: " + detail
	}
	return ok, detail
}
