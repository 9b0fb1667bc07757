package webhook

import (
	"errors"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// Deps are the handler's collaborators.
type Deps struct {
	// Platform authenticates and parses the platform's requests.
	Platform Platform
	// Table stores receipts, pending markers and the message log that
	// delivery statuses update.
	Table persistence.Table
	// Queue receives {phone_number, message_id} for each new message.
	Queue Enqueuer
	// Metrics counts deferred and stale messages; nil counts nothing.
	Metrics Metrics
}

// Handler serves the webhook routes. It is safe for concurrent use.
type Handler struct {
	cfg      Config
	platform Platform
	receipts *persistence.Receipts
	messages *persistence.Messages
	queue    Enqueuer
	// reserver is queue when it is bounded in memory, else nil.
	reserver  queue.Reserver
	deferrals *deferrals
	metrics   Metrics // nil counts nothing
	log       *zap.Logger
}

// New checks cfg and deps and returns the handler. A nil logger logs nothing.
func New(cfg Config, deps Deps, logger *zap.Logger) (*Handler, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if deps.Platform == nil || deps.Table == nil || deps.Queue == nil {
		return nil, errors.New("webhook: Deps.Platform, Deps.Table and Deps.Queue are required")
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	h := &Handler{
		cfg:       cfg,
		platform:  deps.Platform,
		receipts:  persistence.NewReceipts(deps.Table),
		messages:  persistence.NewMessages(deps.Table),
		queue:     deps.Queue,
		log:       logger,
		deferrals: &deferrals{metrics: deps.Metrics, log: logger},
		metrics:   deps.Metrics,
	}
	h.reserver, _ = deps.Queue.(queue.Reserver)
	return h, nil
}

// Register mounts GET /webhook, POST /webhook and POST /webhook/internal on r.
// The app behind r should use httperr.Handler as its error handler and
// MaxBodyBytes as its BodyLimit.
func (h *Handler) Register(r fiber.Router) {
	r.Get("/webhook", h.verify)
	r.Post("/webhook", h.receive)
	r.Post("/webhook/internal", h.receiveInternal)
}
