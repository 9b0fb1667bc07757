package openai

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"time"

	goopenai "github.com/sashabaranov/go-openai"
)

// maxBackoff caps the wait between attempts.
const maxBackoff = 10 * time.Second

// transient reports whether another attempt may succeed: rate limits (429),
// server errors (5xx), request timeouts (408), an attempt that ran out of time,
// and connections that failed or broke. Other statuses (400, 401, 403, 404...)
// and malformed requests would fail again the same way.
func transient(err error) bool {
	// RequestError first: it may wrap an APIError that has no status of its own.
	var reqErr *goopenai.RequestError
	if errors.As(err, &reqErr) {
		return transientStatus(reqErr.HTTPStatusCode)
	}
	var apiErr *goopenai.APIError
	if errors.As(err, &apiErr) {
		return transientStatus(apiErr.HTTPStatusCode)
	}
	var opErr *net.OpError
	return errors.Is(err, context.DeadlineExceeded) ||
		errors.As(err, &opErr) ||
		errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, io.EOF)
}

func transientStatus(code int) bool {
	return code == http.StatusRequestTimeout || code == http.StatusTooManyRequests || code >= 500
}

// backoff is the wait before retry number n (0-based): base doubled n times,
// capped, with jitter in its upper half so conversations that failed together
// do not retry together.
func backoff(base time.Duration, n int) time.Duration {
	d := base << n
	if d > maxBackoff || d <= 0 {
		d = maxBackoff
	}
	half := d / 2
	return half + rand.N(half+1)
}

// sleep waits d or until ctx is done, whichever comes first.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
