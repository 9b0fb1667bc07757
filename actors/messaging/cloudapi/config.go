package cloudapi

import (
	"fmt"
	"strings"
	"time"

	"github.com/intake-runtime/intake/internal/httpcall"
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
	// Config is the account: MESSAGING_API_BASE_URL, MESSAGING_ACCESS_TOKEN
	// and MESSAGING_MAX_RPS, the messages sent per second for this sender
	// number (the platform's default throughput is 80 a second). Mark-read
	// calls have a bucket of their own at the same rate: they are not
	// messages and take nothing from this budget. 429 answers are not
	// retried here: the messaging child retries transient failures.
	httpcall.Config
	// Version is the {version} path segment (MESSAGING_API_VERSION).
	Version string
	// PhoneNumberID is the sender number's ID, the {phone_number_id} path
	// segment (MESSAGING_PHONE_NUMBER_ID). Required.
	PhoneNumberID string
	// PairBackoffBase is the first pause of a recipient after error 131056;
	// the platform allows about one message every six seconds per customer.
	PairBackoffBase time.Duration
	// PairBackoffMax caps the doubling pause.
	PairBackoffMax time.Duration
}

func (c *ClientConfig) setDefaults() {
	c.Config = c.Config.WithDefaults(httpcall.Config{BaseURL: DefaultBaseURL, MaxRPS: DefaultMaxRPS, Timeout: DefaultTimeout})
	if c.Version == "" {
		c.Version = DefaultVersion
	}
	if c.PairBackoffBase == 0 {
		c.PairBackoffBase = DefaultPairBackoffBase
	}
	if c.PairBackoffMax == 0 {
		c.PairBackoffMax = max(DefaultPairBackoffMax, c.PairBackoffBase)
	}
}

// Validate reports a configuration that cannot send, once defaults are
// applied to the zero fields. Its messages never include the access token.
func (c ClientConfig) Validate() error {
	c.setDefaults()
	if err := c.Config.Validate("messaging"); err != nil {
		return err
	}
	if err := pathSegment("version", c.Version); err != nil {
		return err
	}
	if err := pathSegment("phone number ID", c.PhoneNumberID); err != nil {
		return err
	}
	if c.PairBackoffBase < 0 || c.PairBackoffMax < c.PairBackoffBase {
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
