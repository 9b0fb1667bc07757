package inbound

import (
	"errors"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Config configures the Acceptor: how long a message is remembered, how long
// a delivery owns its enqueue, and how old a delivery may be.
type Config struct {
	// ReceiptTTL is how long a receipt (and so deduplication) lasts. Default
	// persistence.ReceiptTTL (7 days, the platform's retry horizon).
	ReceiptTTL time.Duration
	// ClaimLease is how long a delivery owns the enqueue of a message before
	// another delivery may take it over (see "Enqueueing once" in the
	// package doc). The queue send is given half of it, so a slow queue
	// cannot outlive the lease. Default 30s.
	ClaimLease time.Duration
	// StoreTimeout bounds the release of a claim after a failed enqueue,
	// which runs even when the caller's context has ended (STORE_TIMEOUT).
	// Default 5s.
	StoreTimeout time.Duration
	// MaxAge is the freshness horizon (WEBHOOK_MAX_AGE): a message whose
	// platform timestamp is older is Stale, acknowledged and dropped, never
	// a turn. Without it a redelivery that comes after its receipt expired
	// would become a new turn. At most ReceiptTTL, for that reason. Default
	// ReceiptTTL.
	MaxAge time.Duration
	// Now is the clock of receipts, claims and freshness; default time.Now.
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
	if c.MaxAge == 0 {
		c.MaxAge = c.ReceiptTTL
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}

// Validate reports a configuration the Acceptor cannot work with; zero
// durations stand for their defaults.
func (c Config) Validate() error {
	switch {
	case c.ReceiptTTL < 0 || c.ClaimLease < 0 || c.StoreTimeout < 0 || c.MaxAge < 0:
		return errors.New("inbound: ReceiptTTL, ClaimLease, StoreTimeout and MaxAge must not be negative")
	case c.MaxAge > c.ReceiptTTL && c.ReceiptTTL != 0:
		return errors.New("inbound: MaxAge must not outlast ReceiptTTL: an expired receipt would let a redelivery become a new turn")
	case c.ReceiptTTL != 0 && c.ClaimLease != 0 && c.ReceiptTTL <= c.ClaimLease:
		return errors.New("inbound: ReceiptTTL must outlast ClaimLease")
	}
	return nil
}
