package httpcall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/pacing"
	"github.com/intake-runtime/intake/internal/redact"
)

// maxResponse bounds how much of an answer is read; the providers' answers
// are a few kilobytes.
const maxResponse = 1 << 20

// Client sends JSON requests to one account. It is safe for concurrent use;
// one Client per account keeps the rate limit.
type Client struct {
	name    string
	cfg     Config
	base    string
	limiter *pacing.Limiter
	log     *zap.Logger
	// bearer is the Authorization header, built once rather than per call.
	bearer string
	// redact cleans every detail: a provider that echoes the request back
	// must not put the token into a detail that ends up in the table and
	// the logs.
	redact redact.Redactor
}

// New returns the Client of the adapter name ("messaging", "crm", "erp"),
// which prefixes its details, for cfg after its nil HTTPClient and Clock are
// defaulted. Each Client has a token bucket of its own. A nil logger logs
// nothing.
func New(name string, cfg Config, logger *zap.Logger) (*Client, error) {
	cfg = cfg.WithDefaults(Config{})
	if err := cfg.Validate(name); err != nil {
		return nil, err
	}
	limiter, err := pacing.NewLimiter(cfg.MaxRPS, cfg.Clock)
	if err != nil {
		return nil, err
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Client{name: name, cfg: cfg, base: strings.TrimRight(cfg.BaseURL, "/"), limiter: limiter, log: logger.Named(name), bearer: "Bearer " + cfg.AccessToken, redact: redact.New(cfg.AccessToken)}, nil
}

// Logger is the client's logger, named after its adapter, for the adapter's
// own messages.
func (c *Client) Logger() *zap.Logger { return c.log }

// Response is the outcome of one call. Kind is empty for a 2xx answer whose
// body was read; otherwise it classifies the failure and Detail describes it.
// Status is 0 when no answer came: the call failed before or in transit.
type Response struct {
	Status int
	Body   []byte
	// ETag is the version tag of the resource the answer carries, "" when
	// the provider sent none.
	ETag   string
	Kind   domain.ErrorKind
	Detail string
}

// OK reports a 2xx answer read in full.
func (r Response) OK() bool { return r.Kind == "" }

// Do sends method path (joined to the base URL) with query and body (JSON
// without HTML escaping, so text goes as written; nil for none) and classifies the answer, after a rate-limit slot. A 429 is
// retried up to MaxRetries times after the wait its headers ask for, when
// that wait is at most MaxRetryWait. The error is non-nil only when ctx ended;
// the Response is filled in even then.
func (c *Client) Do(ctx context.Context, method, path string, query url.Values, body any) (Response, error) {
	return c.DoIfMatch(ctx, method, path, query, body, "")
}

// DoIfMatch is Do with an If-Match precondition on etag (none when ""): a
// provider that versions the resource refuses the write with 412 when it
// changed since that version, which classifies as permanent.
func (c *Client) DoIfMatch(ctx context.Context, method, path string, query url.Values, body any, etag string) (Response, error) {
	call := c.name + ": " + method + " " + path
	var payload []byte
	if body != nil {
		var err error
		if payload, err = encode(body); err != nil {
			return Response{Kind: domain.ErrorKindPermanent, Detail: fmt.Sprintf("%s: encoding the body: %v", call, err)}, nil
		}
	}
	target := c.base + path
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	for attempt := 0; ; attempt++ {
		if err := c.limiter.Wait(ctx); err != nil {
			return Response{Kind: domain.ErrorKindTransient, Detail: fmt.Sprintf("%s: not sent, no rate-limit slot: %v", call, err)}, err
		}
		resp, wait, err := c.once(ctx, call, method, target, payload, etag)
		if err != nil || resp.Status != http.StatusTooManyRequests {
			return resp, err
		}
		if attempt >= c.cfg.MaxRetries || wait > c.cfg.MaxRetryWait {
			resp.Detail += fmt.Sprintf(" (rate limited; asked to wait %v after %d retries)", wait, attempt)
			return resp, nil
		}
		c.log.Info("rate limited; waiting", zap.String("call", call), zap.Duration("wait", wait), zap.Int("retry", attempt+1))
		if err := c.cfg.Clock.Sleep(ctx, wait); err != nil {
			resp.Detail += fmt.Sprintf(" (rate limited; gave up waiting: %v)", err)
			return resp, err
		}
	}
}

// once sends one request. Whether the request was fully written decides what
// a transport failure means: before it the provider cannot have acted
// (transient), after it it may have (uncertain); httptrace tells them apart.
func (c *Client) once(ctx context.Context, call, method, target string, payload []byte, etag string) (Response, time.Duration, error) {
	reqCtx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	var w writeTrace
	w.trace.WroteRequest = w.wroteRequest
	reqCtx = httptrace.WithClientTrace(reqCtx, &w.trace)
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(reqCtx, method, target, body)
	if err != nil { // only a malformed base URL, which Validate excludes
		return Response{Kind: domain.ErrorKindPermanent, Detail: fmt.Sprintf("%s: building the request: %v", call, err)}, 0, nil
	}
	req.Header.Set("Authorization", c.bearer)
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if etag != "" {
		req.Header.Set("If-Match", etag)
	}
	resp, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return c.transportFailure(ctx, call, err, w.wrote.Load())
	}
	defer resp.Body.Close()
	data, readErr := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	out := Response{Status: resp.StatusCode, Body: data, ETag: resp.Header.Get("ETag")}
	var wait time.Duration
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300 && readErr != nil:
		out.Kind = domain.ErrorKindUncertain
		out.Detail = fmt.Sprintf("%s: HTTP %d, but reading the answer failed: %v", call, resp.StatusCode, readErr)
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		out.Detail = call + ": HTTP " + strconv.Itoa(resp.StatusCode)
	default:
		out.Kind = kindOf(resp.StatusCode)
		out.Detail = c.redact.String(statusDetail(call, resp.StatusCode, data))
		if resp.StatusCode == http.StatusTooManyRequests {
			wait = RetryAfter(resp.Header, c.cfg.Clock.Now())
		}
	}
	return out, wait, nil
}

// writeTrace tells once whether a request was fully written; its trace and
// flag are one allocation per call.
type writeTrace struct {
	trace httptrace.ClientTrace
	wrote atomic.Bool
}

func (w *writeTrace) wroteRequest(info httptrace.WroteRequestInfo) {
	if info.Err == nil {
		w.wrote.Store(true)
	}
}

// transportFailure classifies an error without an HTTP answer. The error
// result is the caller's context error when that is what ended the call.
func (c *Client) transportFailure(ctx context.Context, call string, err error, wrote bool) (Response, time.Duration, error) {
	out := Response{Kind: domain.ErrorKindTransient}
	phase := "before the request was written"
	if wrote {
		out.Kind = domain.ErrorKindUncertain
		phase = "after the request was written; the provider may have acted"
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		out.Detail = fmt.Sprintf("%s: caller gave up %s: %v", call, phase, ctxErr)
		return out, 0, ctxErr
	}
	reason := err.Error()
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		reason = urlErr.Err.Error() // the URL may carry a document in its query
	}
	if errors.Is(err, context.DeadlineExceeded) {
		reason = fmt.Sprintf("timed out after %v", c.cfg.Timeout)
	}
	out.Detail = fmt.Sprintf("%s: transport failure %s: %s", call, phase, c.redact.String(reason))
	return out, 0, nil
}

// encode marshals v without HTML escaping ("<" stays "<") and without the
// encoder's trailing newline.
func encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Probe sends one GET for an adapter's smoke check and returns the answer
// when it is a 2xx read in full; otherwise an error whose text is the call's
// detail.
func (c *Client) Probe(ctx context.Context, path string, query url.Values) (Response, error) {
	resp, _ := c.Do(ctx, http.MethodGet, path, query, nil)
	if !resp.OK() {
		return resp, errors.New(resp.Detail)
	}
	return resp, nil
}

// ProbePage is Probe of a one-record page whose records are the array named
// list, described by how many came back.
func (c *Client) ProbePage(ctx context.Context, path string, query url.Values, list string) (string, error) {
	resp, err := c.Probe(ctx, path, query)
	if err != nil {
		return "", err
	}
	var page map[string]json.RawMessage
	var records []json.RawMessage
	if json.Unmarshal(resp.Body, &page) == nil {
		_ = json.Unmarshal(page[list], &records) // a page of another shape counts none
	}
	return fmt.Sprintf("%s: %d record(s) on the page; read only, nothing written", resp.Detail, len(records)), nil
}
