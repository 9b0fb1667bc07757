package openai

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

// DefaultModel is the transcription model when none is configured
// (TRANSCRIPTION_MODEL): OpenAI's cheaper gpt-4o transcription model, about
// US$0.003 a minute of audio at its list price.
const DefaultModel = "gpt-4o-mini-transcribe"

// Config is the provider access of Client.
type Config struct {
	// APIKey authenticates every call (LLM_API_KEY). Required; never logged.
	APIKey string
	// BaseURL is the API root up to and including its version segment, e.g.
	// http://127.0.0.1:8000/v1 (LLM_BASE_URL). Empty means OpenAI's.
	BaseURL string
	// Model is the transcription model (TRANSCRIPTION_MODEL, default
	// DefaultModel).
	Model string
	// HTTPClient carries the calls; runtime passes one on the process's
	// shared outbound transport. Default: a client on that transport.
	HTTPClient *http.Client
}

func (c *Config) setDefaults() {
	if c.Model == "" {
		c.Model = DefaultModel
	}
}

// Validate reports every missing or malformed field.
func (c Config) Validate() error {
	var errs []error
	if c.APIKey == "" {
		errs = append(errs, errors.New("transcribe/openai: APIKey is required"))
	}
	if c.BaseURL != "" {
		if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("transcribe/openai: BaseURL %q is not an http(s) URL", c.BaseURL))
		}
	}
	return errors.Join(errs...)
}
