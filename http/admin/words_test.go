package admin_test

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

// ownerPages are the admin pages an owner reads, each checked for codes.
var ownerPages = []string{
	"/admin", "/admin/sessions", "/admin/sessions?state=HANDOFF", "/admin/demands", "/admin/llm-costs",
	"/admin/alerts", "/admin/people", admin.SettingsPath, admin.SettingsPath + "/crm", admin.SettingsPath + "/prompts",
	admin.SettingsPath + "/prompts/triage", admin.SettingsPath + "/business", admin.SettingsPath + "/hours",
	admin.SettingsPath + "/catalogue", admin.SettingsPath + "/knowledge", admin.SettingsPath + "/knowledge/empresa", admin.RepliesPath,
	admin.AuditPath, admin.PersonPath, admin.PersonPath + "?phone=11900000003", admin.ReportsPath,
	admin.ReportsPath + "?by=week",
}

// storedCodes are the codes the table stores that people must never read
// on a page: the session states, the handoff reasons, the CRM projection
// statuses and the alert kinds.
func storedCodes() []string {
	var codes []string
	for _, s := range domain.States() {
		codes = append(codes, string(s))
	}
	for _, r := range []domain.HandoffReason{domain.HandoffCustomerRequest, domain.HandoffDataComplete,
		domain.HandoffValidationFailed, domain.HandoffAgentFailure, domain.HandoffOperatorTakeover} {
		codes = append(codes, string(r))
	}
	for _, p := range []persistence.ProjectionStatus{persistence.ProjectionPending, persistence.ProjectionSynced,
		persistence.ProjectionBlocked, persistence.ProjectionUncertain} {
		codes = append(codes, string(p))
	}
	return append(codes, admin.AlertProjectionBlocked, admin.AlertProjectionUncertain, admin.AlertHandoffUnattended,
		admin.AlertModelFailure, admin.AlertSendFailure)
}

var (
	tags       = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<[^>]*>`)
	goDuration = regexp.MustCompile(`\b\d+h\d+m|\b\d+m\d+s\b`)
)

// The pages speak in words: with sessions in every state, handoffs for
// each reason and projections in each status, no stored code and no Go
// duration ("1m0s") is in the text people read (attributes, such as the
// state filter's option values, may carry codes).
func TestThePagesShowNoCodes(t *testing.T) {
	f := newFixture(t, admin.Config{MaxRenotifications: 3, Reports: &fixedReports{}})
	seedReports(f)
	s := f.seed()
	for i, state := range domain.States() {
		s.session(fmt.Sprintf("+55119100000%02d", i), "w"+string(state), state, now.Add(-time.Duration(i)*time.Minute), func(x *domain.Session) {
			if x.Waiting() {
				x.HandoffReason = domain.HandoffValidationFailed
			}
		})
	}
	codes := storedCodes()
	for _, path := range ownerPages {
		status, body := f.do("GET", path, "", nil)
		if status != 200 {
			t.Errorf("GET %s = %d", path, status)
			continue
		}
		text := html.UnescapeString(tags.ReplaceAllString(body, " "))
		words := map[string]bool{}
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') }) {
			words[w] = true
		}
		for _, code := range codes {
			if words[code] {
				t.Errorf("%s shows the code %s", path, code)
			}
		}
		if d := goDuration.FindString(text); d != "" {
			t.Errorf("%s shows the Go duration %q", path, d)
		}
	}
}
