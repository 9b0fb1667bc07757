package config

import (
	"time"

	"go.uber.org/zap/zapcore"
)

// Config is every setting Intake reads from its environment, grouped by the
// component that uses it. The comment on each field names its variable and
// default; Load fills it and Validate checks it.
type Config struct {
	HTTP      HTTP
	DevUI     DevUI
	Log       Log
	Messaging Messaging
	Webhook   Webhook
	LLM       LLM
	// Transcription hears voice notes through the LLM provider.
	Transcription Transcription
	CRM           CRM
	ERP           ERP
	Table         Table
	Queue         Queue
	Outbound      Outbound
	Admin         Admin
	Handoff       Handoff
	Closing       Closing
	Session       Session
	Sync          Sync
	Reports       Reports
	Recovery      Recovery
	Content       Content
	Cluster       Cluster
	Stubs         Stubs
	// ParameterPrefix is the parameter-store path of the configuration
	// (PARAMETER_PREFIX, e.g. /intake/prod; empty reads the environment
	// only). See WithParameterStore.
	ParameterPrefix string
	// ShutdownTimeout bounds the whole stop on SIGTERM: requests in flight,
	// turns in flight, leaving the cluster (SHUTDOWN_TIMEOUT, default 30s;
	// keep it under the orchestrator's grace period, 30 s in Kubernetes).
	ShutdownTimeout time.Duration
	Metrics         Metrics
	UI              UI
}

// HTTP holds the listen ports. Both servers listen on 0.0.0.0.
type HTTP struct {
	// DashboardPort is the emulator's port (DASHBOARD_PORT, default 8080).
	// 0 picks a free port, which tests use.
	DashboardPort int
	// Port is the port of `intake serve` (PORT, default 8080).
	Port int
	// ReadTimeout bounds reading one request, headers and body, so a client
	// that sends half a request cannot hold a connection
	// (HTTP_READ_TIMEOUT, default 10s).
	ReadTimeout time.Duration
	// WriteTimeout bounds writing one response (HTTP_WRITE_TIMEOUT,
	// default 10s).
	WriteTimeout time.Duration
	// IdleTimeout closes a keep-alive connection idle this long
	// (HTTP_IDLE_TIMEOUT, default 60s).
	IdleTimeout time.Duration
	// MaxConcurrency caps the connections served at once; more are refused
	// (HTTP_MAX_CONCURRENCY, default 4096).
	MaxConcurrency int
	// TrustedProxies are the load balancers and proxies in front of the
	// service, as IPs or CIDRs (HTTP_TRUSTED_PROXIES, comma-separated; empty =
	// none). Behind them a client's address is the last X-Forwarded-For
	// entry they did not add; the operator login throttles by it. A range
	// wider than /8 (IPv4) or /32 (IPv6) is refused: it would trust
	// X-Forwarded-For from much of the internet.
	TrustedProxies []string
	// PublicBaseURL is the address people reach the service at, e.g.
	// https://intake.example.com (PUBLIC_BASE_URL; empty = unknown). The
	// operator cookie is Secure unless it is plain http; set, links in
	// notices are absolute.
	PublicBaseURL string
}

// DevUI gates the development surfaces (dashboard, chat, admin pages).
type DevUI struct {
	// Enabled turns them on (DEV_UI_ENABLED, default false; the emulator
	// supplies true when the variable is undefined). When off they answer 404.
	Enabled bool
	// AllowedHosts are the only Host names the development surfaces answer
	// (DEV_ALLOWED_HOSTS, comma-separated, default localhost,127.0.0.1;
	// compared without the port, case-insensitively). Another name answers
	// 421, so a page of a DNS-rebound name, which the browser counts as
	// same-origin with itself, cannot reach them.
	AllowedHosts []string
}

// Log sets the zap logger's verbosity.
type Log struct {
	// Level is the minimum level written (LOG_LEVEL: debug, info, warn or
	// error; default info).
	Level zapcore.Level
}

// Messaging configures the messaging platform adapter.
type Messaging struct {
	// CloudEnabled sends through the platform; false swaps in a local stub
	// that records and succeeds (MESSAGING_CLOUD_ENABLED, default true).
	CloudEnabled bool
	// APIBaseURL is the base of outbound calls (MESSAGING_API_BASE_URL,
	// default cloudapi.DefaultBaseURL).
	APIBaseURL string
	// APIVersion is the {version} path segment of outbound calls
	// (MESSAGING_API_VERSION, default cloudapi.DefaultVersion).
	APIVersion string
	// PhoneNumberID is the sender number ID (MESSAGING_PHONE_NUMBER_ID); the
	// webhook ignores messages addressed to another number. Empty accepts
	// every number.
	PhoneNumberID string
	// AccessToken is the bearer token of outbound calls (MESSAGING_ACCESS_TOKEN).
	AccessToken Secret
	// AppSecret verifies X-Hub-Signature-256 on the webhook (MESSAGING_APP_SECRET).
	AppSecret Secret
	// VerifyToken answers the webhook verification handshake (MESSAGING_VERIFY_TOKEN).
	VerifyToken Secret
	// Instances are the brand instance values; the first is the adapter's
	// default (MESSAGING_INSTANCES, comma-separated, default instance_a,instance_b).
	Instances []string
	// MaxRPS paces outbound sends per number, in requests per second
	// (MESSAGING_MAX_RPS, default cloudapi.DefaultMaxRPS).
	MaxRPS float64
	// Interactive sends a reply's options as reply buttons (up to 3) or a
	// list (up to 10) the customer taps; false sends them as numbered text
	// always (MESSAGING_INTERACTIVE, default true).
	Interactive bool
	// Templates are the approved templates the operator console offers
	// after a customer's 24-hour window closed (MESSAGING_TEMPLATES, a JSON
	// array; default none).
	Templates []MessagingTemplate
	// MediaMaxBytes is the largest customer file (photo, voice note,
	// document) the console and the dashboard fetch from the platform; a
	// larger one is refused before it is read (MEDIA_MAX_BYTES, default
	// cloudapi.DefaultMediaMaxBytes, 16 MiB: the platform's own limit on
	// audio and video).
	MediaMaxBytes int
}

// Webhook configures the platform webhook beyond the MESSAGING_* secrets.
type Webhook struct {
	// MaxAge is the freshness horizon of a delivery: a message whose
	// timestamp is older is acknowledged and dropped, never a turn
	// (WEBHOOK_MAX_AGE, default 168h, the platform's retry horizon).
	MaxAge time.Duration
	// AllowUnsigned lets `intake serve` start without MESSAGING_APP_SECRET,
	// accepting deliveries nobody signed (WEBHOOK_ALLOW_UNSIGNED, default
	// false). It changes nothing when the secret is set: signatures are then
	// always checked.
	AllowUnsigned bool
}

// Provider names accepted by LLM_PROVIDER.
const (
	ProviderOpenAI = "openai" // an OpenAI-compatible Responses API server
	ProviderReplay = "replay" // answers recorded in LLM_REPLAY_FILE
	ProviderDemo   = "demo"   // the offline rule-based model (agent/demo)
)

// Offline reports whether the provider answers without a model account
// (replay, demo): nothing to price, no key to ask for.
func (l LLM) Offline() bool {
	return l.Provider == ProviderReplay || l.Provider == ProviderDemo
}

// LLM configures the language-model client.
type LLM struct {
	// Provider is ProviderOpenAI, ProviderReplay or ProviderDemo (LLM_PROVIDER,
	// default openai; the emulator supplies demo when no LLM_API_KEY is set).
	Provider string
	// APIKey authenticates model calls (LLM_API_KEY).
	APIKey Secret
	// BaseURL points the client at a compatible server (LLM_BASE_URL; empty
	// keeps the provider's default).
	BaseURL string
	// Model is the model name sent with every call (LLM_MODEL).
	Model string
	// ReasoningEffort is passed through when set (LLM_REASONING_EFFORT,
	// e.g. low, medium, high; unset sends none).
	ReasoningEffort string
	// Timeout bounds one attempt of a model call (LLM_TIMEOUT, default 30s).
	Timeout time.Duration
	// MaxAttempts is how many attempts the model client makes for one call
	// when attempts fail transiently (LLM_MAX_ATTEMPTS, default 2). The turn
	// deadline bounds them all.
	MaxAttempts int
	// ReplayFile is the fixture the replay provider answers from
	// (LLM_REPLAY_FILE; required when Provider is replay).
	ReplayFile string
	// Prices are the per-model token prices the admin cost report uses
	// (LLM_PRICES, e.g. gpt-4o-mini=0.15/0.60: input/output per million
	// tokens; unset prices nothing). See ParsePrices.
	Prices map[string]Price
}

// CRM configures the CRM client (contacts and deals).
type CRM struct {
	// Enabled calls the CRM; false swaps in a local stub (CRM_ENABLED, default true).
	Enabled bool
	// BaseURL is the CRM API base (CRM_BASE_URL, default crm.DefaultBaseURL).
	BaseURL string
	// AccessToken is the bearer token (CRM_ACCESS_TOKEN).
	AccessToken Secret
	// Pipeline is the pipeline deals are created in (CRM_PIPELINE).
	Pipeline string
	// OwnerID owns the created records (CRM_OWNER_ID).
	OwnerID string
	// MaxRPS paces CRM calls (CRM_MAX_RPS, default crm.DefaultMaxRPS).
	MaxRPS float64
	// Stages maps the projection's logical stages to the pipeline's stage
	// IDs (CRM_STAGES, e.g. novo=appointmentscheduled,qualificado=123;
	// an unmapped stage is sent by its logical name).
	Stages map[string]string
	// SessionProperty is the deal property holding the Intake session ID
	// (CRM_SESSION_PROPERTY, default crm.DefaultSessionProperty); it must
	// exist in the CRM.
	SessionProperty string
}

// ERP configures the management-system client (customers).
type ERP struct {
	// Enabled calls the ERP; false swaps in a local stub (ERP_ENABLED, default true).
	Enabled bool
	// BaseURL is the ERP API base (ERP_BASE_URL, default erp.DefaultBaseURL).
	BaseURL string
	// AccessToken is the bearer token (ERP_ACCESS_TOKEN).
	AccessToken Secret
	// MaxRPS paces ERP calls (ERP_MAX_RPS, default erp.DefaultMaxRPS).
	MaxRPS float64
}

// Table locates the DynamoDB table used by serve, sync and table create.
type Table struct {
	// Name is the table name (TABLE_NAME, default intake).
	Name string
	// Region is the AWS region (AWS_REGION, default us-east-1).
	Region string
	// Endpoint overrides the DynamoDB endpoint, e.g. DynamoDB Local in tests
	// (AWS_ENDPOINT_URL_DYNAMODB; empty uses AWS).
	Endpoint string
	// Retention is how long a customer's personal data (sessions, active
	// pointer, message log, search lookups, notes, CRM/ERP projections,
	// demands, pending markers) is kept after its last write; the table's TTL
	// deletes it then (DATA_RETENTION, Go duration; default 0: kept for
	// good; otherwise at least 1h). The emulator keeps 24h, so an idle
	// emulator returns to its starting memory.
	Retention time.Duration
	// AuditRetention is how long an audit entry (who did what, when, from
	// where) is kept; the table's TTL deletes it then (AUDIT_RETENTION, Go
	// duration; default 8760h, 365 days; 0 keeps entries for good;
	// otherwise at least 1h).
	AuditRetention time.Duration
	// Timeout bounds every table and queue call made for an HTTP request
	// (STORE_TIMEOUT, default 5s): past it the webhook answers 503 with
	// Retry-After and the platform delivers again.
	Timeout time.Duration
}

// Queue selects the inbound queue.
type Queue struct {
	// InboundURL is the SQS queue of inbound messages (INBOUND_QUEUE_URL;
	// empty uses the in-process queue).
	InboundURL string
	// Concurrency is how many inbound messages are handed to conversations
	// at once (INBOUND_CONCURRENCY, default 16).
	Concurrency int
}

// Outbound tunes the HTTP transport every outbound client shares (model,
// messaging, CRM, ERP).
type Outbound struct {
	// MaxIdlePerHost is how many idle connections are kept per provider host
	// (HTTP_MAX_IDLE_PER_HOST, default 256): sized to the expected
	// concurrency, so calls under load reuse connections instead of opening
	// (in production, TLS-handshaking) new ones.
	MaxIdlePerHost int
}

// Admin protects the admin pages and API.
type Admin struct {
	// APIKey is compared with the X-Admin-Key header of /admin/api/*
	// (ADMIN_API_KEY; empty keeps the API closed). serve refuses one shorter
	// than MinAdminKeyLength.
	APIKey Secret
	// Phones are the owners' numbers (ADMIN_PHONES, comma-separated), as
	// people type them; Load gives them in their identity form, read in
	// DefaultCountry like OPERATOR_PHONES. They seed the roster as admins
	// (never changing a person already there), who log in to /admin with a
	// code sent on the messaging platform and, as operators too, get handoff
	// notices. No admin keeps the pages closed in a deployment without
	// DEV_UI_ENABLED.
	Phones []string
	// ReportEmails receive the weekly report digest every Monday from 08:00
	// UI_TIMEZONE (REPORT_EMAILS, comma-separated; empty sends none). It is
	// sent from HANDOFF_EMAIL_FROM through the handoff e-mails' SES.
	ReportEmails []string
}

// Handoff configures how conversations reach human operators.
type Handoff struct {
	// NotifierEnabled sends handoff notifications; false swaps in a local
	// stub (HANDOFF_NOTIFIER_ENABLED, default true).
	NotifierEnabled bool
	// EmailFrom is the sender of handoff e-mails (HANDOFF_EMAIL_FROM).
	EmailFrom string
	// EmailTo are the recipients of handoff e-mails (HANDOFF_EMAIL_TO,
	// comma-separated).
	EmailTo []string
	// RenotifyAfter is how long a queued handoff waits before operator and
	// customer are notified again (HANDOFF_RENOTIFY_AFTER, default 10m).
	RenotifyAfter time.Duration
	// MaxRenotifications caps those reminders; 0 disables them
	// (HANDOFF_MAX_RENOTIFICATIONS, default 3).
	MaxRenotifications int
	// OperatorPhones seed the operator roster at start, the one list of who
	// logs in to /atendimento and gets notices and transfers
	// (OPERATOR_PHONES, comma-separated), as people type them; Load gives
	// them in their identity form ("+digits", a Brazilian mobile with its
	// ninth digit), read in DefaultCountry.
	OperatorPhones []string
	// SLA is how long a handed-off customer may wait before the console
	// shows the wait in the alarm colour (HANDOFF_SLA, default 5m). With
	// round-robin assignment it is also how long an operator has to take up
	// a conversation assigned to them before it goes to the next one.
	SLA time.Duration
	// Assignment is how waiting conversations reach operators (ASSIGNMENT):
	// AssignmentManual (default), the shared queue where operators claim;
	// AssignmentRoundRobin, each given to the available operator with the
	// fewest open conversations, who is told on their phone.
	Assignment string
	// AssignmentMaxOpen is the most open conversations round robin gives
	// one operator (ASSIGNMENT_MAX_OPEN, default 5); past it the
	// conversation waits in the shared queue.
	AssignmentMaxOpen int
}

// The values of ASSIGNMENT.
const (
	AssignmentManual     = "manual"
	AssignmentRoundRobin = "round_robin"
)

// Session times the per-phone session actor.
type Session struct {
	// DebounceWindow is the quiet time that flushes a burst of customer
	// messages into one model call (DEBOUNCE_WINDOW, default 2s).
	DebounceWindow time.Duration
	// DebounceMaxWait caps the wait so a steady stream still flushes; at
	// least DebounceWindow (DEBOUNCE_MAX_WAIT, default 8s).
	DebounceMaxWait time.Duration
	// IdleTimeout stops an idle session actor; it recovers from its snapshot
	// on the next message (SESSION_IDLE_TIMEOUT, default 10m).
	IdleTimeout time.Duration
	// MaxContextEnrichments bounds knowledge injections per turn
	// (MAX_CONTEXT_ENRICHMENTS, default 2); conversation.Config.MaxEnrichments
	// says what 0 means.
	MaxContextEnrichments int
	// TurnDeadline bounds the model calls of one turn: past it the customer
	// gets the fallback text and the conversation is handed off with
	// AGENT_FAILURE (TURN_DEADLINE, default 60s).
	TurnDeadline time.Duration
}

// Sync schedules the CRM sync job.
type Sync struct {
	// Interval is the job's period in serve and the emulator (SYNC_INTERVAL,
	// default 30s): a tick reads the backlog after a turn here recorded an
	// intent, when a known retry falls due, and otherwise every 10 minutes.
	Interval time.Duration
}

// Reports configures the owner's reports and their rollup.
type Reports struct {
	// AbandonAfter is how long a conversation stays without a customer
	// message, before its data is complete, until the reports count it
	// abandoned (ABANDON_AFTER, default 24h).
	AbandonAfter time.Duration
	// Interval is how often the rollup sums the day's sessions into the
	// reports, on one node of the cluster, when anything changed
	// (REPORT_INTERVAL, default 10m): a report is at most that old.
	Interval time.Duration
}

// Recovery times serve's sweep of webhook receipts that were accepted but
// never completed (a process stopped between accepting and enqueuing).
type Recovery struct {
	// After is how long a receipt stays accepted and not completed before
	// the sweep enqueues it again (RECOVERY_AFTER, default 2m).
	After time.Duration
	// Interval is how often the sweep runs (RECOVERY_INTERVAL, default 30s);
	// on a node quiet for After plus two intervals, a run reads one shard of
	// the work index, in rotation.
	Interval time.Duration
}

// Stubs configures the local stubs that stand in for disabled adapters.
type Stubs struct {
	// History is how many calls each stub keeps for the dashboard and tests,
	// dropping the oldest (STUB_HISTORY, default recent.DefaultMax).
	History int
}

// Content locates prompts, the service catalogue and knowledge packages.
type Content struct {
	// Dir reads them from disk (CONTENT_DIR; empty uses the embedded copy).
	Dir string
	// PromptRefresh is how often serve reads the settings edited in /admin
	// from the table while they change (PROMPT_REFRESH, default 10s); the
	// pause doubles while nothing changes, up to a minute (or PromptRefresh
	// when longer), so an edit on another node applies here within it.
	PromptRefresh time.Duration
}

// UI is the language and zone of the operator console and the admin pages
// (the development dashboard stays English).
type UI struct {
	// Lang is pt-BR or en (UI_LANG, default pt-BR).
	Lang string
	// Timezone is the IANA zone dates are shown in
	// (UI_TIMEZONE, default America/Sao_Paulo).
	Timezone string
	// BusinessHours is when people answer, in Timezone
	// (BUSINESS_HOURS, e.g. "mon-fri 08:00-18:00; sat 08:00-12:00";
	// default empty = always open): a handoff outside them tells the customer
	// the next opening, and operators are notified and reminded only while
	// open. It only seeds the hours; read them parsed with Hours.
	BusinessHours string
	// DefaultCountry is the country (ISO 3166-1 alpha-2, upper-case) of the
	// phone numbers people type without a country code: console login,
	// take-over, transfer, the admin operator list and OPERATOR_PHONES
	// (DEFAULT_COUNTRY, default BR).
	DefaultCountry string
}

// Metrics protects /metrics, which lists internal figures.
type Metrics struct {
	// Token is the bearer token a scraper must send
	// (METRICS_TOKEN; empty = no token asked).
	Token Secret
	// Addr serves /metrics on a listener of its own, e.g. 127.0.0.1:9090,
	// instead of the public port (METRICS_ADDR; empty = the public port).
	Addr string
}
