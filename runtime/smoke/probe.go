package smoke

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// maxBody is how much of a provider's answer a probe reads: enough for an
// error message or a one-record page.
const maxBody = 64 << 10

// answer is what a probe got back.
type answer struct {
	status  int
	body    []byte
	elapsed time.Duration
}

// get makes one GET with a bearer token. The token goes only in the
// Authorization header, never in the URL, so URLs can be shown as they are.
func (c *Checker) get(ctx context.Context, rawURL, token string) (answer, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "application/json")
	start := time.Now()
	res, err := c.deps.HTTP.Do(req)
	if err != nil {
		return answer{}, transportError(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return answer{}, transportError(err)
	}
	return answer{status: res.StatusCode, body: body, elapsed: time.Since(start)}, nil
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

// probe is one real GET and its verdict: 2xx is ok, described by describe;
// anything else is a failure quoting the provider's error message.
func (c *Checker) probe(ctx context.Context, rawURL, token string, describe func(body []byte) string) (bool, string) {
	call := "GET " + rawURL
	a, err := c.get(ctx, rawURL, token)
	if err != nil {
		return false, fmt.Sprintf("%s failed: %v", call, err)
	}
	if a.status < 200 || a.status > 299 {
		return false, fmt.Sprintf("%s answered %d%s", call, a.status, quoteError(a.body))
	}
	detail := fmt.Sprintf("%s answered %d in %d ms", call, a.status, a.elapsed.Milliseconds())
	if more := describe(a.body); more != "" {
		detail += ": " + more
	}
	return true, detail
}

// quoteError extracts the message of the usual provider error bodies
// ({"error": {"message"}}, {"error": {"description"}}, {"message"}).
func quoteError(body []byte) string {
	var e struct {
		Message string `json:"message"`
		Error   struct {
			Message     string `json:"message"`
			Description string `json:"description"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	for _, m := range []string{e.Error.Message, e.Error.Description, e.Message} {
		if m = strings.TrimSpace(m); m != "" {
			return ": " + clip(m, 200)
		}
	}
	return ""
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

// join appends path to base without doubling the slash.
func join(base, path string) string {
	return strings.TrimRight(base, "/") + path
}

// clip shortens s to n runes.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
