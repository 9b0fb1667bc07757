package webhook

import (
	"errors"
	"time"
)

// MaxBodyBytes is the largest body the POST routes accept (3 MB). Platform
// envelopes are a few kilobytes; the limit keeps a hostile body from costing
// memory and HMAC time. Set it as fiber.Config.BodyLimit of the app that
// mounts the handler so fasthttp stops reading early; the handler checks it
// again, so it holds under any app.
const MaxBodyBytes = 3 << 20

// Config configures the webhook handler. The platform's own settings (its
// secret, verify token and instances) belong to Deps.Platform, and those of
// acceptance (receipts' lifetime, claim lease, freshness) to Deps.Inbound.
type Config struct {
	// StoreTimeout bounds the table and queue calls of one request
	// (STORE_TIMEOUT): past it the request answers 503 with Retry-After
	// instead of waiting on a stalled table, and the platform delivers again.
	// Default 5s.
	StoreTimeout time.Duration
	// Concurrency bounds how many phones of one envelope are accepted at
	// once (the messages of one phone go one after the other, in envelope
	// order). Default 32.
	Concurrency int
}

func (c *Config) setDefaults() {
	if c.StoreTimeout == 0 {
		c.StoreTimeout = 5 * time.Second
	}
	if c.Concurrency == 0 {
		c.Concurrency = 32
	}
}

// Validate reports a configuration the handler cannot work with; zero
// values stand for their defaults.
func (c Config) Validate() error {
	if c.StoreTimeout < 0 || c.Concurrency < 0 {
		return errors.New("webhook: StoreTimeout and Concurrency must not be negative")
	}
	return nil
}
