package atendimento

import (
	"sync"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/template/html/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/http/login"
	"github.com/intake-runtime/intake/http/secheaders"
	"github.com/intake-runtime/intake/locale"
)

// Console is the operator console. Its handlers are safe for concurrent
// use; Close waits for login codes still being sent.
type Console struct {
	cfg       Config
	deps      Deps
	log       *zap.Logger
	operators *handoff.Roster
	views     *html.Engine
	locale    locale.Locale
	static    fiber.Handler
	codes     *login.Codes

	// sending counts the login codes being delivered in the background.
	sending sync.WaitGroup
}

// New returns the console. It fails on an invalid configuration, a missing
// collaborator or a template that does not parse.
func New(cfg Config, deps Deps, logger *zap.Logger) (*Console, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := deps.validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	text, err := catalogue()
	if err != nil {
		return nil, err
	}
	loc, err := locale.New(cfg.Lang, cfg.Zone, text)
	if err != nil {
		return nil, err
	}
	views, err := newViews(loc)
	if err != nil {
		return nil, err
	}
	static, err := staticHandler()
	if err != nil {
		return nil, err
	}
	c := &Console{
		cfg:       cfg,
		deps:      deps,
		log:       logger,
		operators: handoff.NewRoster(deps.Roster, 0, cfg.Now),
		views:     views,
		locale:    loc,
		static:    static,
		codes:     login.NewCodes(deps.Logins, cfg.rules(), login.Watch{Surface: "atendimento", Log: logger, Count: cfg.RefusedCodes}),
	}
	return c, nil
}

// Register mounts the console under BasePath on r.
func (c *Console) Register(r fiber.Router) {
	g := r.Group(BasePath, secheaders.New(secheaders.Strict), noStore, c.limitWrites())
	g.Get("/static/:name", c.static)
	g.Get("/login", c.loginPage)
	g.Post("/login", c.requestCode)
	g.Post("/verify", c.verifyCode)
	g.Post("/logout", c.logout)
	g.Get("/", c.pageAuth, c.queuePage)
	g.Get("/conversations", c.pageAuth, c.historyPage)
	g.Get("/conversations/:phone/:session", c.pageAuth, c.conversationPage)
	g.Get("/find", c.pageAuth, c.find)
	g.Get("/media/:phone/:session/:message", c.mediaAuth, c.media)

	api := g.Group("/api", c.apiAuth)
	api.Get("/queue", c.queueJSON)
	api.Get("/saved-replies", c.savedRepliesJSON)
	api.Get("/availability", c.availabilityJSON)
	api.Post("/availability", c.setAvailability)
	api.Get("/conversations/:phone/:session", c.conversationJSON)
	api.Get("/conversations/:phone/:session/notes", c.notesJSON)
	api.Post("/conversations/:phone/:session/notes", c.addNote)
	api.Post("/conversations/:phone/:session/template", c.sendTemplate)
	api.Post("/conversations/:phone/:session/transfer", c.transfer)
	api.Post("/conversations/:phone/:session/labels", c.label)
	api.Post("/conversations/:phone/:session/:action", c.act)
}

// Close waits for the login codes still being sent. Call it after the HTTP
// server stopped taking requests.
func (c *Console) Close() {
	c.sending.Wait()
}
