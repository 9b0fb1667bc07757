package messaging

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/internal/pacing"
	"github.com/intake-runtime/intake/persistence"
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
	cfg      ClientConfig
	endpoint string
	log      *zap.Logger
	sends    *pacing.Limiter // Send only: the number's message throughput
	reads    *pacing.Limiter // MarkRead only
	pairs    *pairBackoff
}

var _ Sender = (*Client)(nil)

// NewClient checks cfg (after defaults) and returns a Client. A nil logger
// logs nothing.
func NewClient(cfg ClientConfig, logger *zap.Logger) (*Client, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	sends, err := pacing.NewLimiter(cfg.MaxRPS, cfg.Clock)
	if err != nil {
		return nil, err
	}
	reads, err := pacing.NewLimiter(cfg.MaxRPS, cfg.Clock)
	if err != nil {
		return nil, err
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Client{
		cfg:      cfg,
		endpoint: strings.TrimRight(cfg.BaseURL, "/") + "/" + cfg.Version + "/" + cfg.PhoneNumberID + "/messages",
		log:      logger.Named("messaging").With(zap.String("phone_number_id", cfg.PhoneNumberID)),
		sends:    sends,
		reads:    reads,
		pairs:    newPairBackoff(cfg.PairBackoffBase, cfg.PairBackoffMax),
	}, nil
}

// Send posts a text message to the recipient's digits, after its pair-rate
// pause (if any) and a slot of the sends bucket. A 131056 answer pauses the recipient; a
// success clears its pause.
func (c *Client) Send(ctx context.Context, to, text string) (persistence.StubResponse, error) {
	digits, err := checkSend(to, text)
	if err != nil {
		return c.finish("send", digits, failed(persistence.ErrorKindPermanent, "not sent: %v", err)), err
	}
	if err := c.awaitRecipient(ctx, digits); err != nil {
		return c.finish("send", digits, failed(persistence.ErrorKindTransient, "not sent: %v", err)), err
	}
	if err := c.sends.Wait(ctx); err != nil {
		return c.finish("send", digits, failed(persistence.ErrorKindTransient, "not sent: pacing: %v", err)), err
	}
	body, err := encode(sendRequest{
		MessagingProduct: messagingProduct,
		RecipientType:    "individual",
		To:               digits,
		Type:             "text",
		Text:             sendText{PreviewURL: false, Body: text},
	})
	if err != nil { // a string body always encodes; kept for safety
		return c.finish("send", digits, failed(persistence.ErrorKindPermanent, "encoding: %v", err)), nil
	}
	out, err := c.post(ctx, body)
	switch {
	case out.success:
		c.pairs.succeeded(digits)
	case out.code == CodePairRateLimit:
		pause := c.pairs.limited(digits, c.cfg.Clock.Now())
		out.detail += fmt.Sprintf("; recipient paused for %v", pause)
	}
	return c.finish("send", digits, out), err
}

// MarkRead marks an inbound message as read with the typing indicator. It
// takes a slot of the mark-read bucket, never one of the sends: see Client.
func (c *Client) MarkRead(ctx context.Context, messageID string) (persistence.StubResponse, error) {
	if err := checkRead(messageID); err != nil {
		return c.finish("mark_read", "", failed(persistence.ErrorKindPermanent, "not sent: %v", err)), err
	}
	if err := c.reads.Wait(ctx); err != nil {
		return c.finish("mark_read", "", failed(persistence.ErrorKindTransient, "not sent: pacing: %v", err)), err
	}
	body, err := encode(readRequest{
		MessagingProduct: messagingProduct,
		Status:           "read",
		MessageID:        messageID,
		TypingIndicator:  typingIndicator{Type: "text"},
	})
	if err != nil {
		return c.finish("mark_read", "", failed(persistence.ErrorKindPermanent, "encoding: %v", err)), nil
	}
	out, err := c.post(ctx, body)
	out.mockID = "" // the answer is {"success": true}; no message was created
	return c.finish("mark_read", "", out), err
}

// awaitRecipient waits out the recipient's pair-rate pause. When the caller's
// deadline would pass first it fails at once (wrapping
// context.DeadlineExceeded) rather than sleep into it.
func (c *Client) awaitRecipient(ctx context.Context, digits string) error {
	wait := c.pairs.until(digits).Sub(c.cfg.Clock.Now())
	if wait <= 0 {
		return nil
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
		return fmt.Errorf("recipient paused by the pair rate limit for %v more, past the caller's deadline: %w",
			wait, context.DeadlineExceeded)
	}
	if err := c.cfg.Clock.Sleep(ctx, wait); err != nil {
		return fmt.Errorf("waiting for the recipient's pair-rate pause: %w", err)
	}
	return nil
}

// finish redacts the detail, logs the outcome without the text or the token,
// and builds the response.
func (c *Client) finish(op, digits string, out outcome) persistence.StubResponse {
	out.detail = redact(out.detail, c.cfg.AccessToken)
	fields := []zap.Field{zap.String("op", op), zap.String("to", maskPhone(digits))}
	if out.success {
		c.log.Debug("messaging call accepted", append(fields, zap.String("mock_id", out.mockID))...)
	} else {
		c.log.Warn("messaging call failed", append(fields,
			zap.String("error_kind", string(out.kind)),
			zap.Int("http_status", out.status),
			zap.Int("platform_code", out.code),
			zap.String("detail", out.detail))...)
	}
	return out.response()
}

// maskPhone keeps the last four digits: enough to tell customers apart in
// logs without writing their numbers there.
func maskPhone(digits string) string {
	if len(digits) <= 4 {
		return digits
	}
	return "…" + digits[len(digits)-4:]
}
