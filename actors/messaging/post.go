package messaging

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"

	"github.com/intake-runtime/intake/persistence"
)

// maxResponse bounds how much of an answer is read; the platform's answers are
// a few hundred bytes.
const maxResponse = 1 << 20

// post sends one JSON body to the messages endpoint and classifies what came
// back. Whether the request was fully written decides what a transport failure
// means: before it, the platform cannot have acted (transient); after it, it
// may have (uncertain). httptrace's WroteRequest tells the two apart.
//
// The second result is the caller's context error when ctx ended, nil
// otherwise; the per-request Timeout is the client's own and yields no error.
func (c *Client) post(ctx context.Context, body []byte) (outcome, error) {
	reqCtx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	var wrote atomic.Bool
	reqCtx = httptrace.WithClientTrace(reqCtx, &httptrace.ClientTrace{
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			if info.Err == nil {
				wrote.Store(true)
			}
		},
	})
	req, err := http.NewRequestWithContext(reqCtx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil { // only a bad endpoint, which Validate excludes
		return failed(persistence.ErrorKindPermanent, "building request: %v", err), nil
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.AccessToken)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")

	resp, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return c.transportFailure(ctx, err, wrote.Load())
	}
	defer resp.Body.Close()
	data, readErr := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	out := classifyResponse(resp.StatusCode, data)
	if readErr != nil {
		// The status line arrived, so the platform's verdict is known; only
		// the details (or the message ID of a success) were lost.
		out.detail += fmt.Sprintf(" (reading the answer failed: %v)", readErr)
	}
	out.status = resp.StatusCode
	return out, nil
}

// transportFailure classifies an error without an HTTP answer.
func (c *Client) transportFailure(ctx context.Context, err error, wrote bool) (outcome, error) {
	k := persistence.ErrorKindTransient
	phase := "before the request was written"
	if wrote {
		k = persistence.ErrorKindUncertain
		phase = "after the request was written; the platform may have acted"
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return failed(k, "caller gave up %s: %v", phase, ctxErr), ctxErr
	}
	reason := err.Error()
	if errors.Is(err, context.DeadlineExceeded) {
		reason = fmt.Sprintf("timed out after %v", c.cfg.Timeout)
	}
	return failed(k, "transport failure %s: %s", phase, reason), nil
}
