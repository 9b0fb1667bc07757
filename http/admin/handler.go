package admin

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/http/login"
	"github.com/intake-runtime/intake/http/secheaders"
	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/reports"
	"github.com/intake-runtime/intake/settings"
)

// Config configures the admin surface.
type Config struct {
	// APIKey is the key /admin/api/* requires in X-Admin-Key; empty keeps the
	// API closed.
	APIKey string
	// Prices are the token prices of the cost report, by model name.
	Prices map[string]Price
	// RenotifyAfter and MaxRenotifications are the handoff reminder settings;
	// a handoff that got every reminder and waited RenotifyAfter more is an
	// alert.
	RenotifyAfter      time.Duration
	MaxRenotifications int
	// Conversations carries out a reset: the conversation of the phone
	// closes its session like every other close. Without it POST
	// /admin/reset answers 503.
	Conversations Conversations
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Lang and Zone are the pages' language and time zone (UI_LANG,
	// UI_TIMEZONE); default pt-BR in America/Sao_Paulo. The API stays
	// English with UTC times.
	Lang locale.Lang
	Zone *time.Location
	// DefaultCountry is the region of operator numbers typed without a
	// country code (DEFAULT_COUNTRY); default messaging.DefaultRegion.
	DefaultCountry string
	// Sender delivers login codes on the messaging platform. Required
	// unless OpenPages.
	Sender messaging.Sender
	// Login are the code rules, the same as the console's; SessionTTL the
	// life of an admin session (default 12 hours) and StoreTimeout the bound
	// of each table call of a login (default 5 seconds).
	Login        login.Rules
	SessionTTL   time.Duration
	StoreTimeout time.Duration
	// TrustedProxies, SecureCookie and LogCodes are as the console's
	// (HTTP_TRUSTED_PROXIES, PUBLIC_BASE_URL's scheme, the local messaging
	// stub).
	TrustedProxies []netip.Prefix
	SecureCookie   bool
	LogCodes       bool
	// RefusedCodes and RefusedKeys count each wrong login code and each
	// wrong or missing API key (the metrics); nil counts nothing. Both are
	// also logged at warn, the number masked, never the code or the key.
	RefusedCodes func(surface string)
	RefusedKeys  func(reason string)
	// OpenPages leaves the pages open without a login, as development
	// surfaces (DEV_UI_ENABLED): a development runner has no owner to log
	// in. The API keeps its key either way.
	OpenPages bool
	// Settings are the documents the pages and the API edit, versioned in
	// the table and live on every node. Required.
	Settings *settings.Live
	// CRM is the CRM page's: the mapping in force and the probe; nil shows
	// the stored mapping and says no CRM is connected.
	CRM CRM
	// Templates are the console's live template list the replies page
	// shows and edits (the "templates" document); nil shows none.
	Templates *atendimento.TemplateList
	// Hours and Business are the holders the hours and business settings
	// apply to (RegisterBusinessSettings): their pages show what is in
	// force. Nil shows the seed: always open, no name, the default texts.
	Hours    *businesshours.Live
	Business *conversation.Business
	// PersonFinders add kinds of items held about a person (an audit
	// trail's entries) to the export and the erasure.
	PersonFinders []persistence.PersonFinder
	// DataRetention is DATA_RETENTION, which the overview states; 0 keeps.
	DataRetention time.Duration
	// Reports answers the reports page, its CSV files and GET
	// /admin/api/reports from the rollup's day items; nil, the page says
	// reports are not available and the files and the API answer 503.
	Reports reports.Source
	// ReportRefresher, when set, offers the page's "refresh now" button.
	ReportRefresher ReportRefresher
}

// Conversations is the conversation addressing as the admin surface uses
// it: a reset is an OPERATOR_ACTION_RESET command to the phone's
// conversation, answered with the session it closed.
type Conversations interface {
	Operate(ctx context.Context, cmd *sessionpb.OperatorCommand) (*sessionpb.OperatorResult, error)
}

// Price is one model's price per million tokens: the reports' own, so the
// cost report and the reports price alike.
type Price = reports.Price

// Prompts is the running content store as the admin surface uses it: the
// effective prompt of an agent, and the catalogue and knowledge packages
// the settings pages edit.
type Prompts interface {
	Prompt(agent string) string
	FilePrompt(agent string) string
	Content
}

// Handler serves the admin pages and API. It is safe for concurrent use.
type Handler struct {
	cfg     Config
	table   persistence.Table
	prompts Prompts
	logger  *zap.Logger

	sessions    *persistence.Sessions
	messages    *persistence.Messages
	projections *persistence.Projections
	demands     *persistence.Demands
	audits      *persistence.Audits
	people      *persistence.People
	pages       *pages

	codes    *login.Codes
	logins   login.Sessions
	keyFails *keyThrottle
	// sending counts the login codes being delivered in the background.
	sending sync.WaitGroup
}

// New returns the admin handler over table; prompts receives prompt overrides.
func New(cfg Config, table persistence.Table, prompts Prompts, logger *zap.Logger) (*Handler, error) {
	if table == nil {
		return nil, errors.New("admin: a table is required")
	}
	if prompts == nil {
		return nil, errors.New("admin: a prompt store is required")
	}
	if cfg.Settings == nil {
		return nil, errors.New("admin: Config.Settings is required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.RenotifyAfter <= 0 {
		return nil, errors.New("admin: Config.RenotifyAfter must be positive")
	}
	if cfg.Lang == "" {
		cfg.Lang = locale.DefaultLang
	}
	if cfg.DefaultCountry == "" {
		cfg.DefaultCountry = messaging.DefaultRegion
	}
	if _, err := messaging.Region(cfg.DefaultCountry); err != nil {
		return nil, fmt.Errorf("admin: DefaultCountry: %w", err)
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 12 * time.Hour
	}
	if cfg.StoreTimeout <= 0 {
		cfg.StoreTimeout = 5 * time.Second
	}
	if err := cfg.Login.Validate(); err != nil {
		return nil, fmt.Errorf("admin: %w", err)
	}
	cfg.Login.SetDefaults()
	if !cfg.OpenPages && cfg.Sender == nil {
		return nil, errors.New("admin: a Sender is required for the admin login")
	}
	if cfg.Zone == nil {
		zone, err := time.LoadLocation(locale.DefaultZone)
		if err != nil {
			return nil, fmt.Errorf("admin: %w", err)
		}
		cfg.Zone = zone
	}
	catalogue, err := locale.Merge(pageTexts...)
	if err != nil {
		return nil, fmt.Errorf("admin: %w", err)
	}
	loc, err := locale.New(cfg.Lang, cfg.Zone, catalogue)
	if err != nil {
		return nil, fmt.Errorf("admin: %w", err)
	}
	p, err := loadPages(loc, cfg.DefaultCountry, !cfg.OpenPages)
	if err != nil {
		return nil, err
	}
	return &Handler{
		cfg:         cfg,
		table:       table,
		prompts:     prompts,
		logger:      logger,
		sessions:    persistence.NewSessions(table),
		messages:    persistence.NewMessages(table),
		projections: persistence.NewProjections(table),
		demands:     persistence.NewDemands(table),
		audits:      persistence.NewAudits(table),
		people:      persistence.NewPeople(table, cfg.PersonFinders...),
		pages:       p,
		codes:       login.NewCodes(persistence.NewLogins(table), cfg.Login, login.Watch{Surface: "admin", Log: logger, Count: cfg.RefusedCodes}),
		logins: login.Sessions{
			Store: persistence.NewOperatorSessions(table), Cookie: CookieName, Path: "/admin", Realm: sessionRealm,
			TTL: cfg.SessionTTL, StoreTimeout: cfg.StoreTimeout, Secure: cfg.SecureCookie, Now: cfg.Now,
		},
		keyFails: newKeyThrottle(cfg.Now, logger, cfg.RefusedKeys),
	}, nil
}

// Register mounts the pages (behind an admin login unless OpenPages), the
// login, POST /admin/reset and the key-checked API on r.
func (h *Handler) Register(r fiber.Router) {
	// The pages keep their styles in <style> blocks of their templates and
	// run no script, so inline styles are allowed and scripts only from
	// this origin (there are none): an injected tag still cannot run.
	r.Use("/admin", secheaders.New(secheaders.InlineStyles), h.limitWrites(), h.withSource)
	api := r.Group(apiPrefix, h.requireKey)
	api.Get("/sessions", h.getSessions)
	api.Post("/sessions/reindex", h.reindexSessions)
	api.Get("/sessions/:phone", h.getSession)
	api.Get("/sessions/:phone/messages", h.getMessages)
	api.Get("/projections/:session_id", h.getProjection)
	api.Get("/demands", h.getDemands)
	api.Get("/llm-costs", h.getCosts)
	api.Get("/alerts", h.getAlerts)
	api.Get("/reports", h.getReports)
	api.Get("/prompts/:agent_id", h.getPrompt)
	api.Put("/prompts/:agent_id", h.putPrompt)
	api.Get("/audit", h.getAudit)
	h.registerSavedReplies(api)
	h.registerOperators(api)
	api.Get("/people/:phone/export", h.personExport)
	api.Delete("/people/:phone", h.personErase)

	h.registerLogin(r)
	r.Get("/admin", h.pageAuth, h.overviewPage)
	r.Get("/admin/sessions", h.pageAuth, h.sessionsPage)
	r.Get("/admin/demands", h.pageAuth, h.demandsPage)
	r.Get("/admin/llm-costs", h.pageAuth, h.costsPage)
	r.Get("/admin/alerts", h.pageAuth, h.alertsPage)
	r.Get(AuditPath, h.pageAuth, h.auditPage)
	h.registerReports(r)
	r.Post("/admin/reset", h.reset)
	h.registerPeople(r)
	h.registerPersonPage(r)
	h.registerSettings(r)
	h.registerCRM(r)
	h.registerPromptsPage(r)
	h.registerBusiness(r)
	h.registerHours(r)
	h.registerContentPages(r)
	h.registerRepliesPage(r)
	h.registerDevPrompts(r)
}
