package dashboard

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/template/html/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/bodylimit"
	"github.com/intake-runtime/intake/http/sameorigin"
	"github.com/intake-runtime/intake/http/secheaders"
)

// Sessions reads a phone's active session and clears its conversation.
// *persistence.Sessions implements it.
type Sessions interface {
	// Active returns the phone's active session, persistence.ErrNotFound
	// when it has none.
	Active(ctx context.Context, phone string) (domain.Session, error)
	// ClearPhone deletes the items of SESSION#<phone> and DEBOUNCE#<phone>
	// and returns how many it deleted.
	ClearPhone(ctx context.Context, phone string) (int, error)
}

// Messages reads a session's message log. *persistence.Messages implements
// it.
type Messages interface {
	List(ctx context.Context, phone, sessionID string) ([]domain.Message, error)
}

// Content is the store of prompts and knowledge packages the agents read.
// *content.Store implements it.
type Content interface {
	Prompt(agent string) string
	PackageIDs() []string
	Package(id string) (content.Package, error)
}

// Conversations reaches the live conversation actors. Forget makes the
// phone's conversation drop what it holds in memory (stop, or reload from the
// table on its next message), so a conversation cleared under it starts over
// cleanly instead of failing its next save.
type Conversations interface {
	Forget(ctx context.Context, phone string) error
}

// Config configures the dashboard.
type Config struct {
	// Instances are the brand instance values the chat's instance selector
	// offers. POST /chat ignores the selector (spec), so the page says so.
	Instances []string
	// Model says which model answers the chat, as configured (provider and
	// model name, or the demo model's label); the page shows it.
	Model string
	// Agents are the agent IDs whose prompts the page lists. Default TRIAGE,
	// QUALIFIER, REGISTRAR, SUMMARIZER.
	Agents []string
	// MediaReply is the fixed answer of POST /media. Default DefaultMediaReply.
	MediaReply string
	// NumberedOptions shows a reply's options numbered in its text, as the
	// customer gets them when interactive messages are off
	// (MESSAGING_INTERACTIVE=false); otherwise they are buttons.
	NumberedOptions bool
	// Timeout bounds the table calls of one request. Default 10 seconds.
	// Fixture replays and smokes bound themselves.
	Timeout time.Duration
}

func (c *Config) setDefaults() {
	if len(c.Agents) == 0 {
		c.Agents = []string{"TRIAGE", "QUALIFIER", "REGISTRAR", "SUMMARIZER"}
	}
	if c.MediaReply == "" {
		c.MediaReply = DefaultMediaReply
	}
	if c.Timeout == 0 {
		c.Timeout = 10 * time.Second
	}
}

// Deps are the components the dashboard shows and drives. Sessions,
// Content and Settings are required; a nil Messages leaves the replies that failed to
// send out of the session panel, a nil Projections the CRM and ERP; a nil Logs, Fixtures or Smokes leaves its panel
// saying what is missing and its routes answering 503. Without
// Conversations, clear-chat leaves a live conversation to notice on its own
// (its next save is refused and it reloads), and says so.
type Deps struct {
	Sessions      Sessions
	Messages      Messages
	Projections   Projections
	Content       Content
	Conversations Conversations
	Logs          Logs
	Fixtures      Fixtures
	Smokes        Smokes
	// Catalogue is shown in the Catalogue tab; nil leaves the tab out.
	Catalogue Catalogue
	// Settings keep the catalogue and knowledge edits. Required.
	Settings Settings
	// Parameters is the parameter store of the Parameters tab; nil (no
	// simulated store) leaves the tab out.
	Parameters Parameters
	// Media fetches customers' files for the session panel; nil answers
	// 503 on their URLs.
	Media messaging.MediaSource
}

// Handler serves the dashboard page, its assets and its JSON routes.
type Handler struct {
	cfg    Config
	deps   Deps
	page   *html.Engine
	logger *zap.Logger
}

// New returns the dashboard handler. It parses the embedded page template
// now, so a broken template fails at start rather than on the first visit.
func New(cfg Config, deps Deps, logger *zap.Logger) (*Handler, error) {
	if deps.Sessions == nil || deps.Content == nil || deps.Settings == nil {
		return nil, errors.New("dashboard: Deps.Sessions, Deps.Content and Deps.Settings are required")
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	cfg.setDefaults()
	page, err := newPageEngine()
	if err != nil {
		return nil, err
	}
	return &Handler{cfg: cfg, deps: deps, page: page, logger: logger}, nil
}

// pagePolicy is the strict policy with data: images allowed: the page's
// icon is the empty data: URL, so a browser asks for no /favicon.ico.
var pagePolicy = strings.Replace(secheaders.Strict, "img-src 'self'", "img-src 'self' data:", 1)

// MaxWriteBytes bounds the body of a dashboard write: the largest is a
// catalogue or a knowledge package (100 KiB each, refused past that). The
// media upload (POST /media) keeps the application's bound, the webhook's
// 3 MB, as a customer's file may be that large.
const MaxWriteBytes = 256 << 10

// maxParameterBytes is a parameter value's bound: a standard parameter of
// the parameter store holds 4 KB.
const maxParameterBytes = 4096

// Register mounts the page, its assets and every dashboard route on r.
// POST /chat is not here: it is the chat package's, and the page calls it.
func (h *Handler) Register(r fiber.Router) {
	headers := secheaders.New(pagePolicy)
	r.Get("/", headers, h.index)
	r.Get(staticPrefix+"/*", headers, h.static)
	r.Post("/media", headers, sameorigin.Check, h.media)

	d := r.Group("/dashboard", headers, sameorigin.Check, bodylimit.JSON(MaxWriteBytes))
	d.Get("/session/:phone", h.session)
	d.Get("/phone/:phone", h.phone)
	d.Get("/media/:phone/:message", h.file)
	d.Post("/clear-chat", h.clearChat)
	d.Get("/logs", h.logs)
	d.Post("/logs/clear", h.clearLogs)
	d.Get("/fixtures", h.fixtures)
	d.Post("/run-fixture/:name", h.runFixture)
	d.Post("/run-all-fixtures", h.runAllFixtures)
	d.Get("/knowledge", h.knowledgeList)
	d.Get("/knowledge/:package_id", h.knowledge)
	d.Post("/knowledge/:package_id", h.writeKnowledge)
	d.Get("/prompts/:agent_id", h.prompt)
	d.Get("/smokes", h.smokeTargets)
	d.Post("/run-smoke/:target", h.runSmoke)
	d.Post("/run-all-smokes", h.runAllSmokes)
	if h.deps.Catalogue != nil {
		d.Get("/catalogue", h.catalogue)
		d.Get("/catalogue/versions/:name", h.catalogueVersion)
		d.Post("/catalogue", h.writeCatalogue)
	}
	if h.deps.Parameters != nil {
		d.Get("/parameters", h.parameters)
		d.Post("/parameters", h.putParameter)
	}
}
