package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"sync"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// Deps are the handler's collaborators.
type Deps struct {
	// Table stores receipts, pending markers and the message log that
	// delivery statuses update.
	Table persistence.Table
	// Queue receives {phone_number, message_id} for each new message.
	Queue Enqueuer
	// Metrics counts deferred messages; nil counts nothing.
	Metrics Metrics
}

// Handler serves the webhook routes. It is safe for concurrent use.
type Handler struct {
	cfg      Config
	parser   *cloudapi.Parser
	receipts *persistence.Receipts
	messages *persistence.Messages
	queue    Enqueuer
	// reserver is queue when it is bounded in memory, else nil.
	reserver  queue.Reserver
	deferrals *deferrals
	log       *zap.Logger
	// secret is the HMAC key; nil accepts unsigned bodies.
	secret []byte
	// macs pools HMAC states keyed with secret: keying one costs two
	// SHA-256 blocks and allocations on every request otherwise.
	macs sync.Pool
	// verifyDigest is the SHA-256 of the verify token, nil when none is
	// configured. Comparing digests keeps the comparison constant-time
	// whatever the length of the token offered.
	verifyDigest []byte
}

// New checks cfg and deps and returns the handler. A nil logger logs nothing.
func New(cfg Config, deps Deps, logger *zap.Logger) (*Handler, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if deps.Table == nil || deps.Queue == nil {
		return nil, errors.New("webhook: Deps.Table and Deps.Queue are required")
	}
	parser, err := cloudapi.NewParser(messaging.ParserConfig{Instances: cfg.Instances, Now: cfg.Now})
	if err != nil {
		return nil, err
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	h := &Handler{
		cfg:       cfg,
		parser:    parser,
		receipts:  persistence.NewReceipts(deps.Table),
		messages:  persistence.NewMessages(deps.Table),
		queue:     deps.Queue,
		log:       logger,
		deferrals: &deferrals{metrics: deps.Metrics, log: logger},
	}
	h.reserver, _ = deps.Queue.(queue.Reserver)
	if cfg.AppSecret != "" {
		h.secret = []byte(cfg.AppSecret)
		h.macs.New = func() any { return hmac.New(sha256.New, h.secret) }
	}
	if cfg.VerifyToken != "" {
		d := sha256.Sum256([]byte(cfg.VerifyToken))
		h.verifyDigest = d[:]
	}
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
