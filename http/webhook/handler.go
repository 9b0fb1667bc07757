package webhook

import (
	"context"
	"errors"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/internal/ratelog"
	"github.com/intake-runtime/intake/persistence"
)

// Inbound is acceptance as the webhook uses it; *inbound.Acceptor
// satisfies it. It decides what became of a message (its Outcome), and the
// webhook says what that means for the answer.
type Inbound interface {
	// Accept records and enqueues m once, however often it is delivered.
	Accept(ctx context.Context, m messaging.InboundMessage) (inbound.Outcome, error)
	// Stale reports a message too old to be accepted: it is acknowledged
	// and dropped.
	Stale(m messaging.InboundMessage) bool
}

// Deps are the handler's collaborators.
type Deps struct {
	// Platform authenticates and parses the platform's requests.
	Platform Platform
	// Table stores the message log that delivery statuses and reactions
	// update.
	Table persistence.Table
	// Inbound takes each customer message in: receipt, claim and queue.
	Inbound Inbound
}

// Handler serves the webhook routes. It is safe for concurrent use.
type Handler struct {
	cfg      Config
	platform Platform
	inbound  Inbound
	messages *persistence.Messages
	log      *zap.Logger
	// failures writes the table failures every request meets alike during
	// an outage once per interval, with a count.
	failures *ratelog.Limiter
}

// New checks cfg and deps and returns the handler. A nil logger logs nothing.
func New(cfg Config, deps Deps, logger *zap.Logger) (*Handler, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if deps.Platform == nil || deps.Table == nil || deps.Inbound == nil {
		return nil, errors.New("webhook: Deps.Platform, Deps.Table and Deps.Inbound are required")
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Handler{
		cfg:      cfg,
		platform: deps.Platform,
		inbound:  deps.Inbound,
		messages: persistence.NewMessages(deps.Table),
		log:      logger,
		failures: ratelog.New(ratelog.Every, nil),
	}, nil
}

// Register mounts GET /webhook, POST /webhook and POST /webhook/internal on r.
// The app behind r should use httperr.Handler as its error handler and
// MaxBodyBytes as its BodyLimit.
func (h *Handler) Register(r fiber.Router) {
	r.Get("/webhook", h.verify)
	r.Post("/webhook", h.receive)
	r.Post("/webhook/internal", h.receiveInternal)
}
