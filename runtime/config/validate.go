package config

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/locale"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
)

// tableName is DynamoDB's rule for table names, checked here so that a typo
// fails at start-up with the variable's name rather than at the first write.
var tableName = regexp.MustCompile(`^[A-Za-z0-9_.-]{3,255}$`)

// minRetention is the shortest DATA_RETENTION: less would delete a
// conversation while it is still going on.
const minRetention = time.Hour

// Validate checks the ranges and relations that parsing cannot: positive
// durations and rates, DEBOUNCE_MAX_WAIT >= DEBOUNCE_WINDOW, a known
// LLM_PROVIDER, well-formed URLs and addresses. It returns every problem
// joined, each an *Error naming its variable, or nil.
func (c Config) Validate() error {
	return errors.Join(c.problems()...)
}

func (c Config) problems() []error {
	var v validator
	v.port("DASHBOARD_PORT", c.HTTP.DashboardPort)
	v.port("PORT", c.HTTP.Port)
	v.positive("HTTP_READ_TIMEOUT", c.HTTP.ReadTimeout)
	v.positive("HTTP_WRITE_TIMEOUT", c.HTTP.WriteTimeout)
	v.positive("HTTP_IDLE_TIMEOUT", c.HTTP.IdleTimeout)
	v.atLeastOne("HTTP_MAX_CONCURRENCY", c.HTTP.MaxConcurrency)
	v.url("PUBLIC_BASE_URL", c.HTTP.PublicBaseURL, false)
	for _, p := range c.HTTP.TrustedProxies {
		prefix, err := ParsePrefix(p)
		switch {
		case err != nil:
			v.fail("HTTP_TRUSTED_PROXIES", "%q is not an IP address or CIDR (e.g. 10.0.0.0/8)", p)
		case prefix.Bits() < widestProxyRange(prefix):
			v.fail("HTTP_TRUSTED_PROXIES", "%q is wider than /%d: it would trust X-Forwarded-For from much of the internet; list your proxies' own ranges", p, widestProxyRange(prefix))
		}
	}
	for _, h := range c.DevUI.AllowedHosts {
		if strings.ContainsAny(h, ":/ @") && !strings.HasPrefix(h, "[") {
			v.fail("DEV_ALLOWED_HOSTS", "%q is not a host name (no scheme, port or path, e.g. localhost)", h)
		}
	}
	if a := c.Metrics.Addr; a != "" {
		if _, port, err := net.SplitHostPort(a); err != nil || port == "" {
			v.fail("METRICS_ADDR", "%q is not a listen address (e.g. 127.0.0.1:9090)", a)
		}
	}
	v.positive("WEBHOOK_MAX_AGE", c.Webhook.MaxAge)

	v.url("MESSAGING_API_BASE_URL", c.Messaging.APIBaseURL, true)
	if s := c.Messaging.APIVersion; s == "" || strings.ContainsAny(s, "/?# \t") {
		v.fail("MESSAGING_API_VERSION", "%q is not a single path segment (e.g. v21.0)", s)
	}
	v.instances("MESSAGING_INSTANCES", c.Messaging.Instances)
	v.rate("MESSAGING_MAX_RPS", c.Messaging.MaxRPS)
	v.atLeastOne("MEDIA_MAX_BYTES", c.Messaging.MediaMaxBytes)

	switch c.LLM.Provider {
	case ProviderOpenAI, ProviderDemo:
	case ProviderReplay:
		if c.LLM.ReplayFile == "" {
			v.fail("LLM_REPLAY_FILE", "is required when LLM_PROVIDER=replay")
		}
	default:
		v.fail("LLM_PROVIDER", "%q is not a provider (use %s, %s or %s)", c.LLM.Provider, ProviderOpenAI, ProviderReplay, ProviderDemo)
	}
	v.url("LLM_BASE_URL", c.LLM.BaseURL, false)
	v.positive("LLM_TIMEOUT", c.LLM.Timeout)
	v.atLeastOne("LLM_MAX_ATTEMPTS", c.LLM.MaxAttempts)
	v.transcription(c.Transcription)

	v.url("CRM_BASE_URL", c.CRM.BaseURL, true)
	v.rate("CRM_MAX_RPS", c.CRM.MaxRPS)
	// The owner's CRM page checks its mapping with the same rules.
	var mapping *crm.MappingError
	if err := (crm.Mapping{Stages: c.CRM.Stages, SessionProperty: c.CRM.SessionProperty}).Validate(projection.Stages()); errors.As(err, &mapping) {
		name := "CRM_STAGES"
		if mapping.Stage == "" {
			name = "CRM_SESSION_PROPERTY"
		}
		v.fail(name, "%s", mapping.Error())
	}
	v.url("ERP_BASE_URL", c.ERP.BaseURL, true)
	v.rate("ERP_MAX_RPS", c.ERP.MaxRPS)

	if !tableName.MatchString(c.Table.Name) {
		v.fail("TABLE_NAME", "%q is not a table name (3-255 letters, digits, _ . -)", c.Table.Name)
	}
	if c.Table.Region == "" {
		v.fail("AWS_REGION", "is required")
	}
	v.url("AWS_ENDPOINT_URL_DYNAMODB", c.Table.Endpoint, false)
	if r := c.Table.Retention; r < 0 || r > 0 && r < minRetention {
		v.fail("DATA_RETENTION", "must be 0 (keep conversations) or at least %s, got %s", minRetention, r)
	}
	if r := c.Table.AuditRetention; r < 0 || r > 0 && r < minRetention {
		v.fail("AUDIT_RETENTION", "must be 0 (keep audit entries) or at least %s, got %s", minRetention, r)
	}
	v.positive("STORE_TIMEOUT", c.Table.Timeout)
	v.url("INBOUND_QUEUE_URL", c.Queue.InboundURL, false)

	if c.Handoff.EmailFrom != "" {
		v.address("HANDOFF_EMAIL_FROM", c.Handoff.EmailFrom)
	}
	for _, to := range c.Handoff.EmailTo {
		v.address("HANDOFF_EMAIL_TO", to)
	}
	for _, to := range c.Admin.ReportEmails {
		v.address("REPORT_EMAILS", to)
	}
	if len(c.Admin.ReportEmails) > 0 && c.Handoff.EmailFrom == "" {
		v.fail("REPORT_EMAILS", "needs HANDOFF_EMAIL_FROM, the verified sender the digest is sent from")
	}
	v.positive("HANDOFF_RENOTIFY_AFTER", c.Handoff.RenotifyAfter)
	v.positive("HANDOFF_SLA", c.Handoff.SLA)
	if a := c.Handoff.Assignment; a != AssignmentManual && a != AssignmentRoundRobin {
		v.fail("ASSIGNMENT", "must be %s or %s, got %q", AssignmentManual, AssignmentRoundRobin, a)
	}
	v.atLeastOne("ASSIGNMENT_MAX_OPEN", c.Handoff.AssignmentMaxOpen)
	v.notNegative("HANDOFF_MAX_RENOTIFICATIONS", c.Handoff.MaxRenotifications)

	v.positive("DEBOUNCE_WINDOW", c.Session.DebounceWindow)
	v.positive("DEBOUNCE_MAX_WAIT", c.Session.DebounceMaxWait)
	if c.Session.DebounceMaxWait < c.Session.DebounceWindow {
		v.fail("DEBOUNCE_MAX_WAIT", "%s is shorter than DEBOUNCE_WINDOW (%s); it caps the window, so it must be at least as long",
			c.Session.DebounceMaxWait, c.Session.DebounceWindow)
	}
	v.positive("SESSION_IDLE_TIMEOUT", c.Session.IdleTimeout)
	v.positive("TURN_DEADLINE", c.Session.TurnDeadline)
	v.notNegative("MAX_CONTEXT_ENRICHMENTS", c.Session.MaxContextEnrichments)
	v.positive("SYNC_INTERVAL", c.Sync.Interval)
	v.positive("ABANDON_AFTER", c.Reports.AbandonAfter)
	v.positive("REPORT_INTERVAL", c.Reports.Interval)
	v.positive("RECOVERY_AFTER", c.Recovery.After)
	v.positive("RECOVERY_INTERVAL", c.Recovery.Interval)
	v.atLeastOne("INBOUND_CONCURRENCY", c.Queue.Concurrency)
	v.atLeastOne("STUB_HISTORY", c.Stubs.History)
	v.atLeastOne("HTTP_MAX_IDLE_PER_HOST", c.Outbound.MaxIdlePerHost)
	v.positive("PROMPT_REFRESH", c.Content.PromptRefresh)
	v.cluster(c.Cluster)
	v.positive("SHUTDOWN_TIMEOUT", c.ShutdownTimeout)
	v.ui(c.UI)
	v.closing(c.Closing)
	v.phones(c.UI.DefaultCountry, c.Handoff.OperatorPhones, c.Admin.Phones)
	return v.errs
}

// validator collects range problems, one *Error per variable checked.
type validator struct {
	errs []error
}

func (v *validator) fail(name, format string, args ...any) {
	v.errs = append(v.errs, &Error{Var: name, Problem: fmt.Sprintf(format, args...)})
}

func (v *validator) port(name string, p int) {
	if p < 0 || p > 65535 {
		v.fail(name, "%d is not a port number (0-65535)", p)
	}
}

func (v *validator) rate(name string, rps float64) {
	if !(rps > 0) {
		v.fail(name, "must be greater than 0, got %g", rps)
	}
}

func (v *validator) positive(name string, d time.Duration) {
	if d <= 0 {
		v.fail(name, "must be a positive duration, got %s", d)
	}
}

func (v *validator) atLeastOne(name string, n int) {
	if n < 1 {
		v.fail(name, "must be at least 1, got %d", n)
	}
}

func (v *validator) notNegative(name string, n int) {
	if n < 0 {
		v.fail(name, "must not be negative, got %d", n)
	}
}

// url accepts absolute http and https URLs; an empty optional URL means
// "use the default" and passes.
func (v *validator) url(name, raw string, required bool) {
	if raw == "" && !required {
		return
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		v.fail(name, "%q is not an http(s) URL (e.g. https://host/path)", raw)
	}
}

func (v *validator) address(name, addr string) {
	if _, err := mail.ParseAddress(addr); err != nil {
		v.fail(name, "%q is not an e-mail address", addr)
	}
}

func (v *validator) instances(name string, values []string) {
	if len(values) == 0 {
		v.fail(name, "needs at least one instance value (e.g. instance_a,instance_b)")
		return
	}
	seen := make(map[string]bool, len(values))
	for _, s := range values {
		if seen[s] {
			v.fail(name, "lists %q twice", s)
		}
		seen[s] = true
	}
}

// ui checks the page language and that the zone is in the zone database.
func (v *validator) ui(ui UI) {
	if _, err := locale.ParseLang(ui.Lang); err != nil {
		v.fail("UI_LANG", "%q is not a page language: use pt-BR or en", ui.Lang)
	}
	if _, err := time.LoadLocation(ui.Timezone); err != nil || ui.Timezone == "" {
		v.fail("UI_TIMEZONE", "%q is not an IANA time zone such as America/Sao_Paulo", ui.Timezone)
		return
	}
	if _, err := ui.Hours(); err != nil {
		v.fail("BUSINESS_HOURS", "%v; write %s", err, businesshours.Grammar)
	}
}
