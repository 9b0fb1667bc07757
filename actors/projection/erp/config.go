package erp

import (
	"context"
	"net/http"
	"time"

	"github.com/intake-runtime/intake/actors/projection/internal/rest"
)

// Defaults of Config. runtime maps the ERP_* variables onto the config; these
// apply to the fields it leaves zero.
const (
	DefaultBaseURL      = "https://api.bling.com.br/Api/v3"
	DefaultMaxRPS       = 3
	DefaultTimeout      = 10 * time.Second
	DefaultMaxRetries   = 3
	DefaultMaxRetryWait = 10 * time.Second
)

// Clock is the time source of pacing and 429 waits; tests inject one whose
// Sleep returns at once.
type Clock interface {
	Now() time.Time
	Sleep(ctx context.Context, d time.Duration) error
}

// Config configures the ERP client. Environment variables are read in
// runtime; this package only receives values.
type Config struct {
	// BaseURL is the API root, path prefix included (ERP_BASE_URL); the
	// resource path /contatos is appended to it.
	BaseURL string
	// AccessToken is the bearer token (ERP_ACCESS_TOKEN). Required. It is never
	// logged and never appears in a detail.
	AccessToken string
	// MaxRPS caps requests per second for the account (ERP_MAX_RPS); the ERP
	// allows three.
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
	// MaxRetryWait is the longest 429 wait the client sleeps through.
	MaxRetryWait time.Duration
	// Clock drives pacing and 429 waits; default the system clock.
	Clock Clock
}

func (c *Config) setDefaults() {
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
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

// Validate reports a configuration that cannot call the ERP, once defaults are
// applied to the zero fields. Its messages never include the access token.
func (c Config) Validate() error {
	c.setDefaults()
	return c.restConfig().Validate()
}

// restConfig is the part of the configuration the shared REST core runs on.
func (c Config) restConfig() rest.Config {
	return rest.Config{
		Name:         "erp",
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
