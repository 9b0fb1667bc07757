package httpcall

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/intake-runtime/intake/internal/outbound"
	"github.com/intake-runtime/intake/internal/pacing"
)

// Config is what every provider adapter needs to call its API. The
// messaging, CRM and ERP configurations embed it, so each setting is declared
// and checked once. Environment variables are read in runtime; this package
// only receives values.
type Config struct {
	// BaseURL is the scheme, host and optional path prefix of the API
	// (MESSAGING_API_BASE_URL, CRM_BASE_URL, ERP_BASE_URL); tests point it at
	// an httptest server.
	BaseURL string
	// AccessToken is the bearer token (MESSAGING_ACCESS_TOKEN,
	// CRM_ACCESS_TOKEN, ERP_ACCESS_TOKEN). Required. It is never logged and
	// never appears in a detail.
	AccessToken string
	// MaxRPS caps the requests per second of one Client (MESSAGING_MAX_RPS,
	// CRM_MAX_RPS, ERP_MAX_RPS); fractions allowed, 0.5 is one every two
	// seconds.
	MaxRPS float64
	// Timeout bounds one request, from dialling to the end of the answer. A
	// timeout after the request was written is an uncertain outcome.
	Timeout time.Duration
	// HTTPClient carries the requests; runtime passes one on the process's
	// shared outbound transport. Nil is a client on that transport at its
	// default sizes (outbound.Client), never net/http's default transport and
	// its two idle connections per host. Its own Timeout, if any, also
	// applies.
	HTTPClient *http.Client
	// MaxRetries bounds the retries of one call after HTTP 429; zero retries
	// none.
	MaxRetries int
	// MaxRetryWait is the longest 429 wait worth sleeping through; a longer
	// one (a spent daily quota) ends the call as transient and leaves the
	// retry to the caller.
	MaxRetryWait time.Duration
	// Clock drives pacing and 429 waits; default the system clock. Tests
	// inject one whose Sleep returns at once, so waits are checked by what
	// was asked, never by measuring wall-clock time.
	Clock pacing.Clock
}

// WithDefaults returns c with its zero fields taken from d (an adapter's
// defaults), a nil HTTPClient on the shared transport and a nil Clock the
// system clock.
func (c Config) WithDefaults(d Config) Config {
	if c.BaseURL == "" {
		c.BaseURL = d.BaseURL
	}
	if c.MaxRPS == 0 {
		c.MaxRPS = d.MaxRPS
	}
	if c.Timeout == 0 {
		c.Timeout = d.Timeout
	}
	if c.MaxRetries == 0 {
		c.MaxRetries = d.MaxRetries
	}
	if c.MaxRetryWait == 0 {
		c.MaxRetryWait = d.MaxRetryWait
	}
	if c.HTTPClient == nil {
		c.HTTPClient = outbound.Client(outbound.Config{})
	}
	if c.Clock == nil {
		c.Clock = pacing.SystemClock{}
	}
	return c
}

// Validate reports settings no account can be called with, prefixed by the
// adapter's name. Its messages never include the access token.
func (c Config) Validate(name string) error {
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
		return fmt.Errorf("%s: base URL %q must be an absolute http(s) URL without a query", name, c.BaseURL)
	}
	switch {
	case c.AccessToken == "":
		return fmt.Errorf("%s: access token is required", name)
	case strings.ContainsAny(c.AccessToken, "\r\n"):
		return fmt.Errorf("%s: access token contains a line break", name)
	case c.MaxRPS < 0:
		return fmt.Errorf("%s: max RPS must be positive, got %g", name, c.MaxRPS)
	case c.Timeout < 0:
		return fmt.Errorf("%s: timeout must be positive, got %v", name, c.Timeout)
	case c.MaxRetries < 0:
		return fmt.Errorf("%s: max retries must not be negative, got %d", name, c.MaxRetries)
	case c.MaxRetryWait < 0:
		return fmt.Errorf("%s: max retry wait must be positive, got %v", name, c.MaxRetryWait)
	}
	return nil
}
