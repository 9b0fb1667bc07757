package projection

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Defaults of JobConfig, applied to the fields left zero.
const (
	DefaultLeaseDuration  = 2 * time.Minute
	DefaultBatchSize      = 200
	DefaultMaxAttempts    = 10
	DefaultBackoffBase    = 30 * time.Second
	DefaultBackoffMax     = time.Hour
	DefaultReconcileDelay = time.Minute
)

// JobConfig configures the sync job.
type JobConfig struct {
	// Table holds the projections. Required.
	Table persistence.Table
	// CRM is the CRM client; nil when CRM_ENABLED=false, and Run then reports
	// {"status": "disabled"} without touching the table.
	CRM CRM
	// ERP is the ERP client (erp.Stub when ERP_ENABLED=false). Required with
	// a CRM: the job makes the customers of registered sessions too.
	ERP ERP
	// Owner names this worker in leases; default a random ID, so two jobs
	// never share one. Two processes must not be given the same Owner.
	Owner string
	// LeaseDuration is how long one worker holds a projection; the lease is
	// renewed when the ERP confirms the customer and when the deal create
	// starts. It must exceed the worst case of one CRM call, or of the ERP's
	// lookup and create (timeout and 429 waits, about 70s with the crm and erp
	// defaults), plus the providers' search lag: a lease that runs out
	// mid-create lets a second worker search before the record is visible.
	LeaseDuration time.Duration
	// BatchSize caps the projections one Run syncs; the rest wait for the
	// next run (SYNC_INTERVAL).
	BatchSize int
	// MaxAttempts is how many attempts one revision gets before a failure
	// that is not permanent blocks it too, so a record the CRM keeps refusing
	// is handed to a person instead of retried forever.
	MaxAttempts int
	// BackoffBase and BackoffMax bound the pause after a failed attempt: base
	// doubled per attempt, capped at max, half of it jittered so workers that
	// failed together do not retry together.
	BackoffBase, BackoffMax time.Duration
	// ReconcileDelay is the shortest pause after an uncertain outcome: the
	// CRM's search lags its writes, and the next attempt searches for the deal
	// an uncertain create may have made before creating one.
	ReconcileDelay time.Duration
	// Now is the clock; default time.Now. Tests inject a fake.
	Now func() time.Time
}

func (c *JobConfig) setDefaults() {
	if c.Owner == "" {
		c.Owner = randomOwner()
	}
	if c.LeaseDuration == 0 {
		c.LeaseDuration = DefaultLeaseDuration
	}
	if c.BatchSize == 0 {
		c.BatchSize = DefaultBatchSize
	}
	if c.MaxAttempts == 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.BackoffBase == 0 {
		c.BackoffBase = DefaultBackoffBase
	}
	if c.BackoffMax == 0 {
		c.BackoffMax = max(DefaultBackoffMax, c.BackoffBase)
	}
	if c.ReconcileDelay == 0 {
		c.ReconcileDelay = DefaultReconcileDelay
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}

// Validate reports a configuration the job cannot run with, once defaults
// are applied to the zero fields.
func (c JobConfig) Validate() error {
	c.setDefaults()
	switch {
	case c.Table == nil:
		return errors.New("projection: the sync job needs a table")
	case c.CRM != nil && c.ERP == nil:
		return errors.New("projection: the sync job needs an ERP client with its CRM (erp.Stub when the ERP is disabled)")
	case c.LeaseDuration < 0:
		return fmt.Errorf("projection: lease duration must be positive, got %v", c.LeaseDuration)
	case c.BatchSize < 0:
		return fmt.Errorf("projection: batch size must be positive, got %d", c.BatchSize)
	case c.MaxAttempts < 0:
		return fmt.Errorf("projection: max attempts must be positive, got %d", c.MaxAttempts)
	case c.BackoffBase < 0 || c.BackoffMax < c.BackoffBase:
		return fmt.Errorf("projection: backoff must satisfy 0 < base (%v) <= max (%v)", c.BackoffBase, c.BackoffMax)
	case c.ReconcileDelay < 0:
		return fmt.Errorf("projection: reconcile delay must be positive, got %v", c.ReconcileDelay)
	}
	return nil
}

func randomOwner() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return "sync-" + hex.EncodeToString(b)
}
