package ses

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/locale"
)

// API is the one SES v2 call the notifier makes; *sesv2.Client implements it.
type API interface {
	SendEmail(ctx context.Context, in *sesv2.SendEmailInput, optFns ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

// Config configures the e-mail notifier. runtime maps the HANDOFF_EMAIL_*
// variables onto it.
type Config struct {
	// From is the sender address (HANDOFF_EMAIL_FROM), an identity SES has
	// verified. Required.
	From string
	// To are the recipients (HANDOFF_EMAIL_TO). At least one.
	To []string
	// ConsoleURL is the operator console's address, linked in every e-mail.
	ConsoleURL string
	// Lang and Zone are the e-mail's language and clock (UI_LANG,
	// UI_TIMEZONE); empty, the console's defaults (pt-BR, São Paulo).
	Lang locale.Lang
	Zone *time.Location
}

// Validate reports a missing sender or recipient.
func (c Config) Validate() error {
	var errs []error
	if strings.TrimSpace(c.From) == "" {
		errs = append(errs, errors.New("ses: Config.From (HANDOFF_EMAIL_FROM) is required"))
	}
	if len(c.To) == 0 {
		errs = append(errs, errors.New("ses: Config.To (HANDOFF_EMAIL_TO) needs at least one address"))
	}
	return errors.Join(errs...)
}

// Notifier e-mails handoff notices. It is safe for concurrent use.
type Notifier struct {
	cfg    Config
	api    API
	locale locale.Locale
	log    *zap.Logger
}

var _ handoff.Notifier = (*Notifier)(nil)

// New returns the e-mail notifier sending through api.
func New(cfg Config, api API, logger *zap.Logger) (*Notifier, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if api == nil {
		return nil, errors.New("ses: an SES client is required")
	}
	loc, err := handoff.NewLocale(cfg.Lang, cfg.Zone)
	if err != nil {
		return nil, fmt.Errorf("ses: %w", err)
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Notifier{cfg: cfg, api: api, locale: loc, log: logger.Named("handoff.ses")}, nil
}

// Notify sends one e-mail to every recipient. Accepted by SES, it is
// notified, with the SES message ID as mock_id and no operator phone (the
// recipients are addresses). SES delivers asynchronously: accepted is the
// most the notifier can know.
func (n *Notifier) Notify(ctx context.Context, notice handoff.Notice) (domain.HandoffNotifyResult, error) {
	pos := notice.QueuePosition
	if notice.Reopened {
		// Told on their phone, like a transfer; the team's inbox is not.
		return handoff.Queued(pos, "", "a reopened conversation is told to its operator only"), nil
	}
	msg := handoff.Compose(n.locale, notice, n.cfg.ConsoleURL)
	out, err := n.api.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(n.cfg.From),
		Destination:      &types.Destination{ToAddresses: append([]string(nil), n.cfg.To...)},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(msg.Subject), Charset: aws.String("UTF-8")},
			Body:    &types.Body{Text: &types.Content{Data: aws.String(msg.Body), Charset: aws.String("UTF-8")}},
		}},
	})
	if err != nil {
		kind := classify(err)
		err = redact.New().Error(err) // AWS error texts are provider text too
		n.log.Warn("handoff e-mail not sent", zap.String("session_id", notice.Session.SessionID),
			zap.String("error_kind", string(kind)), zap.String("error", redact.Personal(err.Error())))
		res := handoff.Failed(pos, kind, "handoff e-mail not sent: "+clip(err.Error(), 300))
		if ctxErr := ctx.Err(); ctxErr != nil {
			return res, ctxErr
		}
		return res, nil
	}
	return handoff.Delivered(pos, aws.ToString(out.MessageId), "",
		fmt.Sprintf("e-mailed to %d recipient(s)", len(n.cfg.To))), nil
}

// clip bounds a detail: AWS error texts can be long and are stored.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
