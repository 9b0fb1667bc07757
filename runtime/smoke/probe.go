package smoke

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/runtime/config"
)

// prober is an adapter's client: its Probe makes one harmless call and
// describes what came back.
type prober interface {
	Probe(ctx context.Context) (string, error)
}

// account is an adapter's account on the smokes' HTTP client.
func (c *Checker) account(baseURL string, token config.Secret, maxRPS float64) httpcall.Config {
	return httpcall.Config{BaseURL: baseURL, AccessToken: token.Reveal(), MaxRPS: maxRPS, HTTPClient: c.deps.HTTP}
}

// probe runs the Probe of a client just built (or reports why it could not
// be built) and times it. The adapters keep the token out of every detail.
func probe[P prober](ctx context.Context, client P, err error) (bool, string) {
	if err != nil {
		return false, "no call made: " + err.Error()
	}
	start := time.Now()
	detail, err := client.Probe(ctx)
	if err != nil {
		return false, err.Error()
	}
	return true, fmt.Sprintf("%s (answered in %d ms)", detail, time.Since(start).Milliseconds())
}

// transportError drops the URL that net/http repeats in its errors: it was
// already shown, and a longer detail helps no one.
func transportError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// checkURL accepts absolute http and https URLs with a host.
func checkURL(raw string) error {
	if raw == "" {
		return errors.New("empty")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return errors.New("not a URL")
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("not an http(s) URL with a host")
	}
	return nil
}

// clip shortens s to n runes.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
