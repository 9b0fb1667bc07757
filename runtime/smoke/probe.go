package smoke

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"
)

// Prober is an adapter's client: its Probe makes one harmless call and
// describes what came back, never with a credential in it.
type Prober interface {
	Probe(ctx context.Context) (string, error)
}

// probe runs the Probe of the named adapter's client and times it.
func probe(ctx context.Context, name string, client Prober) (bool, string) {
	if client == nil {
		return false, "no call made: this process runs no " + name + " client that can probe"
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
