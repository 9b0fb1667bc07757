package erp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
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
	MaxRPS int
	// Timeout bounds one request. A timeout after the request was written is
	// an uncertain outcome.
	Timeout time.Duration
	// HTTPClient carries the requests; default a client of its own.
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
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{}
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
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
		return fmt.Errorf("erp: base URL %q must be an absolute http(s) URL without a query", c.BaseURL)
	}
	switch {
	case c.AccessToken == "":
		return errors.New("erp: access token is required")
	case strings.ContainsAny(c.AccessToken, "\r\n"):
		return errors.New("erp: access token contains a line break")
	case c.MaxRPS < 0:
		return fmt.Errorf("erp: max RPS must be positive, got %d", c.MaxRPS)
	case c.Timeout < 0:
		return fmt.Errorf("erp: timeout must be positive, got %v", c.Timeout)
	case c.MaxRetries < 0:
		return fmt.Errorf("erp: max retries must not be negative, got %d", c.MaxRetries)
	case c.MaxRetryWait < 0:
		return fmt.Errorf("erp: max retry wait must be positive, got %v", c.MaxRetryWait)
	}
	return nil
}
