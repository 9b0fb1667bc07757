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
	if c.Now == nil {
		c.Now = time.Now
	}
}

// Validate reports a configuration the handler cannot work with; zero
// durations stand for their defaults.
func (c Config) Validate() error {
	switch {
	case c.ReceiptTTL < 0 || c.ClaimLease < 0:
		return errors.New("webhook: ReceiptTTL and ClaimLease must not be negative")
	case c.ReceiptTTL != 0 && c.ClaimLease != 0 && c.ReceiptTTL <= c.ClaimLease:
		return errors.New("webhook: ReceiptTTL must outlast ClaimLease")
	}
	return nil
}
