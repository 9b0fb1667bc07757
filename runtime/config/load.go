package config

import (
	"errors"
	"strings"
)

// LookupFunc reports the value of an environment variable and whether it is
// set. os.LookupEnv is one; tests pass a map's lookup.
type LookupFunc func(name string) (string, bool)

// Load reads every variable of Config through lookup, starting from the
// defaults, and validates the result, then checks what the calling command
// needs (ServeNeeds, SyncNeeds). A variable that is unset or blank keeps its
// default. On any problem Load returns the zero Config and all problems
// joined, format errors and unmet needs together, each an *Error naming its
// variable.
func Load(lookup LookupFunc, needs ...Need) (Config, error) {
	var c Config
	c.setDefaults()
	r := reader{lookup: lookup}
	r.readInto(&c)
	errs := append(r.errs, c.problems()...)
	for _, need := range needs {
		errs = append(errs, need(c)...)
	}
	if len(errs) > 0 {
		return Config{}, errors.Join(errs...)
	}
	return c.withTypedPhones(), nil
}

// WithFallback returns a lookup that asks lookup first and falls back to
// fallback for variables that are unset or blank there. It gives the
// set-if-absent semantics of the emulator: exported variables win over its
// env file and its own defaults (DEV_UI_ENABLED=true).
func WithFallback(lookup LookupFunc, fallback map[string]string) LookupFunc {
	return func(name string) (string, bool) {
		if v, ok := lookup(name); ok && strings.TrimSpace(v) != "" {
			return v, true
		}
		v, ok := fallback[name]
		return v, ok
	}
}

// readInto overwrites the fields of c whose variables are set. The variable
// names here and in validate.go are the only spelling of each setting;
// .env.example lists them all (TestEnvExampleMatchesLoad).
func (r *reader) readInto(c *Config) {
	r.port("DASHBOARD_PORT", &c.HTTP.DashboardPort)
	r.port("PORT", &c.HTTP.Port)
	r.duration("HTTP_READ_TIMEOUT", &c.HTTP.ReadTimeout)
	r.duration("HTTP_WRITE_TIMEOUT", &c.HTTP.WriteTimeout)
	r.duration("HTTP_IDLE_TIMEOUT", &c.HTTP.IdleTimeout)
	r.count("HTTP_MAX_CONCURRENCY", &c.HTTP.MaxConcurrency)
	r.text("PUBLIC_BASE_URL", &c.HTTP.PublicBaseURL)
	r.list("HTTP_TRUSTED_PROXIES", &c.HTTP.TrustedProxies)
	r.secret("METRICS_TOKEN", &c.Metrics.Token)
	r.text("METRICS_ADDR", &c.Metrics.Addr)
	r.boolean("DEV_UI_ENABLED", &c.DevUI.Enabled)
	r.list("DEV_ALLOWED_HOSTS", &c.DevUI.AllowedHosts)
	r.level("LOG_LEVEL", &c.Log.Level)

	r.boolean("MESSAGING_CLOUD_ENABLED", &c.Messaging.CloudEnabled)
	r.text("MESSAGING_API_BASE_URL", &c.Messaging.APIBaseURL)
	r.text("MESSAGING_API_VERSION", &c.Messaging.APIVersion)
	r.text("MESSAGING_PHONE_NUMBER_ID", &c.Messaging.PhoneNumberID)
	r.secret("MESSAGING_ACCESS_TOKEN", &c.Messaging.AccessToken)
	r.secret("MESSAGING_APP_SECRET", &c.Messaging.AppSecret)
	r.secret("MESSAGING_VERIFY_TOKEN", &c.Messaging.VerifyToken)
	r.list("MESSAGING_INSTANCES", &c.Messaging.Instances)
	r.rate("MESSAGING_MAX_RPS", &c.Messaging.MaxRPS)
	r.boolean("MESSAGING_INTERACTIVE", &c.Messaging.Interactive)
	r.templates("MESSAGING_TEMPLATES", &c.Messaging.Templates)
	r.count("MEDIA_MAX_BYTES", &c.Messaging.MediaMaxBytes)
	r.boolean("WEBHOOK_ALLOW_UNSIGNED", &c.Webhook.AllowUnsigned)
	r.duration("WEBHOOK_MAX_AGE", &c.Webhook.MaxAge)

	r.text("LLM_PROVIDER", &c.LLM.Provider)
	r.secret("LLM_API_KEY", &c.LLM.APIKey)
	r.text("LLM_BASE_URL", &c.LLM.BaseURL)
	r.text("LLM_MODEL", &c.LLM.Model)
	r.text("LLM_REASONING_EFFORT", &c.LLM.ReasoningEffort)
	r.duration("LLM_TIMEOUT", &c.LLM.Timeout)
	r.count("LLM_MAX_ATTEMPTS", &c.LLM.MaxAttempts)
	r.text("LLM_REPLAY_FILE", &c.LLM.ReplayFile)
	r.prices("LLM_PRICES", &c.LLM.Prices)
	r.readTranscription(&c.Transcription)

	r.boolean("CRM_ENABLED", &c.CRM.Enabled)
	r.text("CRM_BASE_URL", &c.CRM.BaseURL)
	r.secret("CRM_ACCESS_TOKEN", &c.CRM.AccessToken)
	r.text("CRM_PIPELINE", &c.CRM.Pipeline)
	r.text("CRM_OWNER_ID", &c.CRM.OwnerID)
	r.rate("CRM_MAX_RPS", &c.CRM.MaxRPS)
	r.pairs("CRM_STAGES", &c.CRM.Stages)
	r.text("CRM_SESSION_PROPERTY", &c.CRM.SessionProperty)

	r.boolean("ERP_ENABLED", &c.ERP.Enabled)
	r.text("ERP_BASE_URL", &c.ERP.BaseURL)
	r.secret("ERP_ACCESS_TOKEN", &c.ERP.AccessToken)
	r.rate("ERP_MAX_RPS", &c.ERP.MaxRPS)

	r.text("TABLE_NAME", &c.Table.Name)
	r.text("AWS_REGION", &c.Table.Region)
	r.text("AWS_ENDPOINT_URL_DYNAMODB", &c.Table.Endpoint)
	r.duration("DATA_RETENTION", &c.Table.Retention)
	r.duration("AUDIT_RETENTION", &c.Table.AuditRetention)
	r.duration("STORE_TIMEOUT", &c.Table.Timeout)
	r.text("INBOUND_QUEUE_URL", &c.Queue.InboundURL)
	r.count("INBOUND_CONCURRENCY", &c.Queue.Concurrency)
	r.count("HTTP_MAX_IDLE_PER_HOST", &c.Outbound.MaxIdlePerHost)
	r.secret("ADMIN_API_KEY", &c.Admin.APIKey)
	r.list("ADMIN_PHONES", &c.Admin.Phones)
	r.list("REPORT_EMAILS", &c.Admin.ReportEmails)

	r.boolean("HANDOFF_NOTIFIER_ENABLED", &c.Handoff.NotifierEnabled)
	r.text("HANDOFF_EMAIL_FROM", &c.Handoff.EmailFrom)
	r.list("HANDOFF_EMAIL_TO", &c.Handoff.EmailTo)
	r.duration("HANDOFF_RENOTIFY_AFTER", &c.Handoff.RenotifyAfter)
	r.duration("HANDOFF_SLA", &c.Handoff.SLA)
	r.text("ASSIGNMENT", &c.Handoff.Assignment)
	r.count("ASSIGNMENT_MAX_OPEN", &c.Handoff.AssignmentMaxOpen)
	r.count("HANDOFF_MAX_RENOTIFICATIONS", &c.Handoff.MaxRenotifications)
	r.list("OPERATOR_PHONES", &c.Handoff.OperatorPhones)
	r.readClosing(&c.Closing)

	r.duration("DEBOUNCE_WINDOW", &c.Session.DebounceWindow)
	r.duration("DEBOUNCE_MAX_WAIT", &c.Session.DebounceMaxWait)
	r.duration("SESSION_IDLE_TIMEOUT", &c.Session.IdleTimeout)
	r.count("MAX_CONTEXT_ENRICHMENTS", &c.Session.MaxContextEnrichments)
	r.duration("TURN_DEADLINE", &c.Session.TurnDeadline)
	r.duration("SYNC_INTERVAL", &c.Sync.Interval)
	r.duration("ABANDON_AFTER", &c.Reports.AbandonAfter)
	r.duration("REPORT_INTERVAL", &c.Reports.Interval)
	r.duration("RECOVERY_AFTER", &c.Recovery.After)
	r.duration("RECOVERY_INTERVAL", &c.Recovery.Interval)
	r.text("CONTENT_DIR", &c.Content.Dir)
	r.duration("PROMPT_REFRESH", &c.Content.PromptRefresh)
	r.readCluster(&c.Cluster)
	r.count("STUB_HISTORY", &c.Stubs.History)
	r.text("PARAMETER_PREFIX", &c.ParameterPrefix)
	r.duration("SHUTDOWN_TIMEOUT", &c.ShutdownTimeout)
	r.text("UI_LANG", &c.UI.Lang)
	r.text("UI_TIMEZONE", &c.UI.Timezone)
	r.text("BUSINESS_HOURS", &c.UI.BusinessHours)
	r.text("DEFAULT_COUNTRY", &c.UI.DefaultCountry)
}
