package messaging

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/intake-runtime/intake/internal/outbound"
)

// Defaults of ClientConfig. runtime maps the MESSAGING_* variables onto the
// config; these apply to fields it leaves zero.
const (
	DefaultBaseURL         = "https://graph.facebook.com"
	DefaultVersion         = "v21.0"
	DefaultMaxRPS          = 80
	DefaultTimeout         = 15 * time.Second
	DefaultPairBackoffBase = 6 * time.Second
	DefaultPairBackoffMax  = time.Minute
)

// ClientConfig configures the Cloud API client. Environment variables are read
// in runtime; this package only receives values.
type ClientConfig struct {
	// BaseURL is the scheme and host of the platform API
	// (MESSAGING_API_BASE_URL); tests point it at an httptest server.
	BaseURL string
	// Version is the {version} path segment (MESSAGING_API_VERSION).
	Version string
	// PhoneNumberID is the sender number's ID, the {phone_number_id} path
	// segment (MESSAGING_PHONE_NUMBER_ID). Required.
	PhoneNumberID string
	// AccessToken is the bearer token (MESSAGING_ACCESS_TOKEN). Required. It is
	// never logged and never appears in a StubResponse detail.
	AccessToken string
	// MaxRPS caps the messages sent per second for this sender number
	// (MESSAGING_MAX_RPS; fractions allowed, 0.5 is one every two seconds);
	// the platform's default throughput is 80 messages a second. Mark-read
	// calls have a bucket of their own at the same rate: they are not
	// messages and take nothing from this budget.
	MaxRPS float64
	// Timeout bounds one request, from dialling to the end of the answer. A
	// timeout after the request was written is an uncertain outcome.
	Timeout time.Duration
	// HTTPClient carries the requests; runtime passes one on the process's
	// shared outbound transport. Default: a client on the shared transport at
	// its default sizes (outbound.Client), never net/http's default transport
	// and its two idle connections per host. Its own Timeout, if any, also
	// applies.
	HTTPClient *http.Client
	// PairBackoffBase is the first pause of a recipient after error 131056;
	// the platform allows about one message every six seconds per customer.
	PairBackoffBase time.Duration
	// PairBackoffMax caps the doubling pause.
	PairBackoffMax time.Duration
	// Clock drives pacing and backoff; default SystemClock. Tests inject a fake.
	Clock Clock
}

func (c *ClientConfig) setDefaults() {
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	if c.Version == "" {
		c.Version = DefaultVersion
	}
	if c.MaxRPS == 0 {
		c.MaxRPS = DefaultMaxRPS
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	if c.HTTPClient == nil {
		c.HTTPClient = outbound.Client(outbound.Config{})
	}
	if c.PairBackoffBase == 0 {
		c.PairBackoffBase = DefaultPairBackoffBase
	}
	if c.PairBackoffMax == 0 {
		c.PairBackoffMax = max(DefaultPairBackoffMax, c.PairBackoffBase)
	}
	if c.Clock == nil {
		c.Clock = SystemClock{}
	}
}

// Validate reports a configuration that cannot send, once defaults are
// applied to the zero fields. Its messages never include the access token.
func (c ClientConfig) Validate() error {
	c.setDefaults()
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("messaging: base URL %q must be an absolute http(s) URL", c.BaseURL)
	}
	if err := pathSegment("version", c.Version); err != nil {
		return err
	}
	if err := pathSegment("phone number ID", c.PhoneNumberID); err != nil {
		return err
	}
	switch {
	case c.AccessToken == "":
		return errors.New("messaging: access token is required")
	case strings.ContainsAny(c.AccessToken, "\r\n"):
		return errors.New("messaging: access token contains a line break")
	case c.MaxRPS < 0:
		return fmt.Errorf("messaging: max RPS must be positive, got %g", c.MaxRPS)
	case c.Timeout < 0:
		return fmt.Errorf("messaging: timeout must be positive, got %v", c.Timeout)
	case c.PairBackoffBase < 0 || c.PairBackoffMax < c.PairBackoffBase:
		return fmt.Errorf("messaging: pair backoff must satisfy 0 < base (%v) <= max (%v)",
			c.PairBackoffBase, c.PairBackoffMax)
	}
	return nil
}

// pathSegment checks a value that goes into the URL path as one segment.
func pathSegment(name, v string) error {
	if v == "" {
		return fmt.Errorf("messaging: %s is required", name)
	}
	if strings.ContainsAny(v, "/?#%") || strings.TrimSpace(v) != v {
		return fmt.Errorf("messaging: %s %q must be a single path segment", name, v)
	}
	return nil
}
