package erp

import (
	"time"

	"github.com/intake-runtime/intake/internal/httpcall"
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

// Config configures the ERP client: the account, ERP_BASE_URL (the API root,
// path prefix included; the resource path /contatos is appended to it),
// ERP_ACCESS_TOKEN, and ERP_MAX_RPS (the ERP allows three requests a second).
// MaxRetries zero means DefaultMaxRetries. Environment variables are read in
// runtime; this package only receives values.
type Config struct {
	httpcall.Config
}

func (c *Config) setDefaults() {
	c.Config = c.Config.WithDefaults(httpcall.Config{
		BaseURL: DefaultBaseURL, MaxRPS: DefaultMaxRPS, Timeout: DefaultTimeout,
		MaxRetries: DefaultMaxRetries, MaxRetryWait: DefaultMaxRetryWait,
	})
}

// Validate reports a configuration that cannot call the ERP, once defaults are
// applied to the zero fields. Its messages never include the access token.
func (c Config) Validate() error {
	c.setDefaults()
	return c.Config.Validate("erp")
}
