package crm

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/intake-runtime/intake/actors/projection/internal/rest"
)

// Defaults of Config. runtime maps the CRM_* variables onto the config; these
// apply to the fields it leaves zero.
const (
	DefaultBaseURL         = "https://api.hubapi.com"
	DefaultMaxRPS          = 9
	DefaultTimeout         = 10 * time.Second
	DefaultMaxRetries      = 3
	DefaultMaxRetryWait    = 10 * time.Second
	DefaultSessionProperty = "intake_session_id"
)

// Clock is the time source of pacing and 429 waits; tests inject one whose
// Sleep returns at once.
type Clock interface {
	Now() time.Time
	Sleep(ctx context.Context, d time.Duration) error
}

// Config configures the CRM client. Environment variables are read in
// runtime; this package only receives values.
type Config struct {
	// BaseURL is the scheme and host of the CRM API (CRM_BASE_URL); tests
	// point it at an httptest server.
	BaseURL string
	// AccessToken is the private-app bearer token (CRM_ACCESS_TOKEN).
	// Required. It is never logged and never appears in a detail.
	AccessToken string
	// Pipeline is the deal pipeline ID set on create (CRM_PIPELINE); empty
	// leaves it to the CRM's default pipeline.
	Pipeline string
	// OwnerID is the hubspot_owner_id set on create (CRM_OWNER_ID); empty
	// leaves deals unassigned. Updates never change it, so an operator's
	// reassignment in the CRM stands.
	OwnerID string
	// Stages maps the projection's logical stages (see the projection package)
	// to the pipeline's stage IDs. A stage it lacks is sent by its logical
	// name, which suits pipelines whose stage IDs were created with those
	// names.
	Stages map[string]string
	// SessionProperty is the custom deal property that holds the Intake
	// session ID: set on create, searched before a create whose outcome is
	// unknown. Making it a unique-value property in the CRM also turns a
	// duplicate create into a 409, which the client resolves to the existing
	// deal.
	SessionProperty string
	// MaxRPS caps requests per second for the account (CRM_MAX_RPS); the CRM
	// allows about ten per second for a private app.
	MaxRPS float64
	// Timeout bounds one request. A timeout after the request was written is
	// an uncertain outcome.
	Timeout time.Duration
	// HTTPClient carries the requests; runtime passes one on the process's
	// shared outbound transport. Nil is a client on that transport at its
	// default sizes, never net/http's default transport.
	HTTPClient *http.Client
	// MaxRetries bounds the retries of one call after HTTP 429; zero means
	// DefaultMaxRetries.
	MaxRetries int
	// MaxRetryWait is the longest 429 wait the client sleeps through; a longer
	// one (a spent daily quota) ends the call as transient.
	MaxRetryWait time.Duration
	// Clock drives pacing and 429 waits; default the system clock.
	Clock Clock
}

func (c *Config) setDefaults() {
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	if c.SessionProperty == "" {
		c.SessionProperty = DefaultSessionProperty
	}
	if c.MaxRPS == 0 {
		c.MaxRPS = DefaultMaxRPS
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxRetries == 0 {
		c.MaxRetries = DefaultMaxRetries
	}
	if c.MaxRetryWait == 0 {
		c.MaxRetryWait = DefaultMaxRetryWait
	}
	if c.Clock == nil {
		c.Clock = rest.SystemClock{}
	}
}

// Validate reports a configuration that cannot sync, once defaults are
// applied to the zero fields. Its messages never include the access token.
func (c Config) Validate() error {
	c.setDefaults()
	if err := c.restConfig().Validate(); err != nil {
		return err
	}
	for logical, id := range c.Stages {
		if strings.TrimSpace(logical) == "" || strings.TrimSpace(id) == "" {
			return fmt.Errorf("crm: stage mapping %q -> %q needs both names", logical, id)
		}
	}
	return nil
}

// stageID maps a logical stage to the pipeline's stage ID.
func (c Config) stageID(logical string) string {
	if id, ok := c.Stages[logical]; ok {
		return id
	}
	return logical
}

// restConfig is the part of the configuration the shared REST core runs on.
func (c Config) restConfig() rest.Config {
	return rest.Config{
		Name:         "crm",
		BaseURL:      c.BaseURL,
		AccessToken:  c.AccessToken,
		MaxRPS:       c.MaxRPS,
		Timeout:      c.Timeout,
		HTTPClient:   c.HTTPClient,
		MaxRetries:   c.MaxRetries,
		MaxRetryWait: c.MaxRetryWait,
		Clock:        c.Clock,
	}
}
