package cloudapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/internal/redact"
)

// Client is the Cloud API client of one sender number: the spec's
// WhatsAppClient. It paces its requests and pauses recipients after the pair
// rate limit; see the package doc for the failure policy. It is safe for
// concurrent use, and one Client should serve all sends of its number so the
// pacing holds.
//
// Pacing counts what the platform counts. The number's throughput limit
// (MaxRPS) is about messages sent, so only Send takes a slot of the sends
// bucket, and only Send is held by a recipient's pair-rate pause. A mark-read
// (with its typing indicator) is a status update, not a message: it takes a
// slot of a bucket of its own at the same rate. The session sends one per
// flushed burst, so mark-reads never outnumber turns and that bucket never
// slows a reply; it only spaces a flood of them (a backlog of conversations
// flushing at once), and one that would wait past its caller's deadline is
// dropped at once instead of being sent late.
type Client struct {
	redact   redact.Redactor
	number   string // the path of the sender number
	messages string // the path of its messages endpoint
	log      *zap.Logger
	sends    *httpcall.Client // Send only: the number's message throughput
	reads    *httpcall.Client // MarkRead and Probe
	pauses   *messaging.RecipientPauses
}

var (
	_ messaging.Sender        = (*Client)(nil)
	_ messaging.OptionsSender = (*Client)(nil)
)

// NewClient checks cfg (after defaults) and returns a Client. A nil logger
// logs nothing.
func NewClient(cfg ClientConfig, logger *zap.Logger) (*Client, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	logger = logger.With(zap.String("phone_number_id", cfg.PhoneNumberID))
	sends, err := httpcall.New("messaging", cfg.Config, logger)
	if err != nil {
		return nil, err
	}
	reads, err := httpcall.New("messaging", cfg.Config, logger)
	if err != nil {
		return nil, err
	}
	number := "/" + cfg.Version + "/" + cfg.PhoneNumberID
	return &Client{
		redact:   redact.New(cfg.AccessToken),
		number:   number,
		messages: number + "/messages",
		log:      sends.Logger(),
		sends:    sends,
		reads:    reads,
		pauses:   messaging.NewRecipientPauses(cfg.PairBackoffBase, cfg.PairBackoffMax, cfg.Clock),
	}, nil
}

// Send posts a text message to the recipient's digits (see sendMessage).
func (c *Client) Send(ctx context.Context, to, text string) (domain.AdapterResult, error) {
	digits, err := messaging.CheckSend(to, text)
	if err != nil {
		return c.finish("send", digits, failed(domain.ErrorKindPermanent, "not sent: %v", err)), err
	}
	return c.sendMessage(ctx, "send", digits, sendRequest{
		MessagingProduct: messagingProduct,
		RecipientType:    "individual",
		To:               digits,
		Type:             "text",
		Text:             sendText{PreviewURL: false, Body: text},
	})
}

// sendMessage posts a message body (op names it in the log) to the
// recipient's digits, after its pair-rate pause (if any) and a slot of the
// sends bucket. A 131056 answer pauses the recipient; a success clears its
// pause.
func (c *Client) sendMessage(ctx context.Context, op, digits string, body any) (domain.AdapterResult, error) {
	if err := c.pauses.Await(ctx, digits); err != nil {
		return c.finish(op, digits, failed(domain.ErrorKindTransient, "not sent: %v", err)), err
	}
	out, err := c.post(ctx, c.sends, body)
	switch {
	case out.success:
		c.pauses.Succeeded(digits)
	case out.code == CodePairRateLimit:
		out.detail += fmt.Sprintf("; recipient paused for %v", c.pauses.Limited(digits))
	}
	return c.finish(op, digits, out), err
}

// MarkRead marks an inbound message as read with the typing indicator. It
// takes a slot of the mark-read bucket, never one of the sends: see Client.
func (c *Client) MarkRead(ctx context.Context, messageID string) (domain.AdapterResult, error) {
	if err := messaging.CheckRead(messageID); err != nil {
		return c.finish("mark_read", "", failed(domain.ErrorKindPermanent, "not sent: %v", err)), err
	}
	out, err := c.post(ctx, c.reads, readRequest{
		MessagingProduct: messagingProduct,
		Status:           "read",
		MessageID:        messageID,
		TypingIndicator:  typingIndicator{Type: "text"},
	})
	out.mockID = "" // the answer is {"success": true}; no message was created
	return c.finish("mark_read", "", out), err
}

// Probe reads the sender number (GET /{version}/{phone_number_id}): it
// proves the token and the number ID without sending anything to anyone, and
// describes the number.
func (c *Client) Probe(ctx context.Context) (string, error) {
	// The query is written out so its comma stays as the platform documents it.
	resp, err := c.reads.Probe(ctx, c.number+"?fields=display_phone_number,verified_name", nil)
	if err != nil {
		return "", err
	}
	var n struct {
		Display  string `json:"display_phone_number"`
		Verified string `json:"verified_name"`
	}
	if json.Unmarshal(resp.Body, &n) != nil || n.Display == "" {
		return resp.Detail + ": nothing was sent", nil
	}
	return fmt.Sprintf("%s: sender number %s (%s); nothing was sent", resp.Detail, n.Display, n.Verified), nil
}

// post sends body to the messages endpoint through calls, the bucket of its
// kind. An answer is classified by the platform's codes (classifyResponse);
// a call without one keeps the core's verdict: transient before the request
// was written, uncertain after. The error is the caller's context error when
// ctx ended.
func (c *Client) post(ctx context.Context, calls *httpcall.Client, body any) (outcome, error) {
	resp, err := calls.Do(ctx, http.MethodPost, c.messages, nil, body)
	if resp.Status == 0 {
		return outcome{kind: resp.Kind, detail: resp.Detail}, err
	}
	out := classifyResponse(resp.Status, resp.Body)
	out.status = resp.Status
	return out, err
}

// finish redacts a failure's detail, logs the outcome without the text or
// the token, and builds the response. A success's detail is Intake's own
// words ("accepted (HTTP 200)"): redacting it would cost every call four
// regular expressions for nothing.
func (c *Client) finish(op, digits string, out outcome) domain.AdapterResult {
	if !out.success {
		out.detail = clipDetail(c.redact.String(out.detail))
	}
	if out.success {
		// Checked first: the fields (a masked phone among them) would be
		// built on every call for a level production leaves off.
		if ce := c.log.Check(zap.DebugLevel, "messaging call accepted"); ce != nil {
			ce.Write(zap.String("op", op), redact.Phone("to", digits), zap.String("mock_id", out.mockID))
		}
	} else {
		c.log.Warn("messaging call failed", zap.String("op", op), redact.Phone("to", digits),
			zap.String("error_kind", string(out.kind)),
			zap.Int("http_status", out.status),
			zap.Int("platform_code", out.code),
			zap.String("detail", redact.Personal(out.detail)))
	}
	return out.response()
}
