package webhook

import (
	"errors"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// MaxBodyBytes is the largest body the POST routes accept (3 MB). Platform
// envelopes are a few kilobytes; the limit keeps a hostile body from costing
// memory and HMAC time. Set it as fiber.Config.BodyLimit of the app that
// mounts the handler so fasthttp stops reading early; the handler checks it
// again, so it holds under any app.
const MaxBodyBytes = 3 << 20

// Config configures the webhook handler. The platform's own settings (its
// secret, verify token and instances) belong to Deps.Platform.
type Config struct {
	// ReceiptTTL is how long a receipt (and so deduplication) lasts. Default
	// persistence.ReceiptTTL (7 days, the platform's retry horizon).
	ReceiptTTL time.Duration
	// ClaimLease is how long a delivery owns the enqueue of a message before
	// another delivery may take it over (see the package doc). The queue
	// send is given half of it, so a slow queue cannot outlive the lease.
	// Default 30s.
	ClaimLease time.Duration
	// StoreTimeout bounds the table and queue calls of one request
	// (STORE_TIMEOUT): past it the request answers 503 with Retry-After
	// instead of waiting on a stalled table, and the platform delivers again.
	// Default 5s.
	StoreTimeout time.Duration
	// Concurrency bounds how many phones of one envelope are accepted at
	// once (the messages of one phone go one after the other, in envelope
	// order). Default 32.
	Concurrency int
	// MaxAge is the freshness horizon of POST /webhook (WEBHOOK_MAX_AGE): a
	// message whose platform timestamp is older is acknowledged and dropped
	// (counted by Deps.Metrics), never a turn. Without it a redelivery that
	// comes after its receipt expired would become a new turn. At most
	// ReceiptTTL, for that reason. Default ReceiptTTL.
	MaxAge time.Duration
	// Now is the clock of receipts and claims; default time.Now.
	Now func() time.Time
}

func (c *Config) setDefaults() {
	if c.ReceiptTTL == 0 {
		c.ReceiptTTL = persistence.ReceiptTTL
	}
	if c.ClaimLease == 0 {
		c.ClaimLease = 30 * time.Second
	}
	if c.StoreTimeout == 0 {
		c.StoreTimeout = 5 * time.Second
	}
	if c.Concurrency == 0 {
		c.Concurrency = 32
	}
	if c.MaxAge == 0 {
		c.MaxAge = c.ReceiptTTL
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}

// Validate reports a configuration the handler cannot work with; zero
// durations stand for their defaults.
func (c Config) Validate() error {
	switch {
	case c.ReceiptTTL < 0 || c.ClaimLease < 0 || c.StoreTimeout < 0 || c.MaxAge < 0 || c.Concurrency < 0:
		return errors.New("webhook: ReceiptTTL, ClaimLease, StoreTimeout, MaxAge and Concurrency must not be negative")
	case c.MaxAge > c.ReceiptTTL && c.ReceiptTTL != 0:
		return errors.New("webhook: MaxAge must not outlast ReceiptTTL: an expired receipt would let a redelivery become a new turn")
	case c.ReceiptTTL != 0 && c.ClaimLease != 0 && c.ReceiptTTL <= c.ClaimLease:
		return errors.New("webhook: ReceiptTTL must outlast ClaimLease")
	}
	return nil
}
