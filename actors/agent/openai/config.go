package openai

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Config is the model access of Client.
type Config struct {
	// APIKey authenticates every call (LLM_API_KEY). Required. It is never
	// logged.
	APIKey string
	// BaseURL is the API root, up to and including its version segment, e.g.
	// http://127.0.0.1:8000/v1 (LLM_BASE_URL). Empty means OpenAI's.
	BaseURL string
	// Model is the model name sent with every call (LLM_MODEL). Required.
	Model string
	// ReasoningEffort is sent as reasoning.effort when set
	// (LLM_REASONING_EFFORT: minimal, low, medium, high, as the model
	// supports). Empty sends no reasoning object, for models without it.
	ReasoningEffort string
	// Timeout bounds each attempt, not the whole call: the caller's context
	// bounds that. Default 30s (LLM_TIMEOUT).
	Timeout time.Duration
	// MaxRetries is how many times a transiently failed attempt is retried.
	// 0 means the default, 2; a negative value disables retries.
	MaxRetries int
	// RetryBackoff is the wait before the first retry; it doubles for each
	// later one, with jitter. Default 500ms.
	RetryBackoff time.Duration
	// HTTPClient carries the calls; runtime passes one on the process's
	// shared outbound transport. Default: a client on that transport at its
	// default sizes (outbound.Client), never go-openai's own client on
	// net/http's default transport and its two idle connections per host.
	// Timeout bounds each attempt whatever the client.
	HTTPClient *http.Client
}

func (c *Config) setDefaults() {
	if c.Timeout == 0 {
		c.Timeout = 30 * time.Second
	}
	switch {
	case c.MaxRetries == 0:
		c.MaxRetries = 2
	case c.MaxRetries < 0:
		c.MaxRetries = 0
	}
	if c.RetryBackoff == 0 {
		c.RetryBackoff = 500 * time.Millisecond
	}
}

// Validate reports every missing or malformed field.
func (c Config) Validate() error {
	var errs []error
	if c.APIKey == "" {
		errs = append(errs, errors.New("openai: APIKey is required"))
	}
	if c.Model == "" {
		errs = append(errs, errors.New("openai: Model is required"))
	}
	if c.BaseURL != "" {
		if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("openai: BaseURL %q is not an http(s) URL", c.BaseURL))
		}
	}
	if c.Timeout < 0 || c.RetryBackoff < 0 {
		errs = append(errs, errors.New("openai: Timeout and RetryBackoff must not be negative"))
	}
	return errors.Join(errs...)
}
