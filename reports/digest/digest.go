package digest

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

	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/reports"
)

// sendHour is the local hour of Monday from which last week's digest is
// due: the owner finds it when the week's work starts.
const sendHour = 8

// API is the one SES v2 call the digest makes, the same the handoff
// e-mails make; *sesv2.Client and the emulator's mailer implement it.
type API interface {
	SendEmail(ctx context.Context, in *sesv2.SendEmailInput, optFns ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error)
}

// Config configures the weekly digest.
type Config struct {
	// From is the verified sender (HANDOFF_EMAIL_FROM); To the owners
	// (REPORT_EMAILS). Both required.
	From string
	To   []string
	// PageURL is the reports page's address (PUBLIC_BASE_URL +
	// /admin/reports), linked from the e-mail; empty links nothing.
	PageURL string
	// Lang and Zone are UI_LANG and UI_TIMEZONE: the weeks are the zone's
	// Monday to Sunday. Now is the clock; default time.Now.
	Lang locale.Lang
	Zone *time.Location
	Now  func() time.Time
}

// Digest sends last week's figures every Monday from 08:00 local. Every
// node runs it; the week's mark in the table lets one send.
type Digest struct {
	cfg    Config
	source reports.Source
	api    API
	marks  *persistence.ReportDigests
	loc    locale.Locale
	log    *zap.Logger
}

// New returns the digest reading source and sending through api.
func New(cfg Config, source reports.Source, api API, marks *persistence.ReportDigests, logger *zap.Logger) (*Digest, error) {
	switch {
	case strings.TrimSpace(cfg.From) == "" || len(cfg.To) == 0:
		return nil, errors.New("digest: a sender and at least one recipient are required")
	case source == nil || api == nil || marks == nil:
		return nil, errors.New("digest: a report source, a mailer and the marks are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	loc, err := locale.New(cfg.Lang, cfg.Zone, text)
	if err != nil {
		return nil, fmt.Errorf("digest: %w", err)
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Digest{cfg: cfg, source: source, api: api, marks: marks, loc: loc, log: logger}, nil
}

// Week is the ISO name of the week starting on monday, "2025-W10".
func Week(monday time.Time) string {
	y, w := monday.ISOWeek()
	return fmt.Sprintf("%04d-W%02d", y, w)
}

// Run sends last week's digest when it is due (from Monday 08:00 local, so
// a node down on Monday sends it later in the week) and no node has sent
// it. sent says this call sent it.
func (d *Digest) Run(ctx context.Context) (sent bool, err error) {
	now := d.cfg.Now().In(d.loc.Zone)
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, d.loc.Zone)
	monday := midnight.AddDate(0, 0, -((int(now.Weekday()) + 6) % 7))
	if now.Before(monday.Add(sendHour * time.Hour)) {
		return false, nil
	}
	last := monday.AddDate(0, 0, -7)
	week := Week(last)
	r, err := d.source.Report(ctx, reports.Query{From: last, To: monday.AddDate(0, 0, -1), By: reports.ByDay})
	if err != nil {
		return false, fmt.Errorf("digest %s: report: %w", week, err)
	}
	msg, err := Compose(d.loc, r, d.cfg.PageURL)
	if err != nil {
		return false, fmt.Errorf("digest %s: %w", week, err)
	}
	token, err := d.marks.Claim(ctx, week, now)
	if errors.Is(err, persistence.ErrConflict) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("digest %s: %w", week, err)
	}
	if err := d.send(ctx, msg); err != nil {
		if rerr := d.marks.Release(context.WithoutCancel(ctx), week, token); rerr != nil {
			err = errors.Join(err, rerr)
		}
		return false, fmt.Errorf("digest %s: %w", week, err)
	}
	d.log.Info("report digest sent", zap.String("week", week), zap.Int("recipients", len(d.cfg.To)))
	return true, nil
}

func (d *Digest) send(ctx context.Context, m Message) error {
	utf8 := aws.String("UTF-8")
	_, err := d.api.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(d.cfg.From),
		Destination:      &types.Destination{ToAddresses: append([]string(nil), d.cfg.To...)},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(m.Subject), Charset: utf8},
			Body: &types.Body{
				Text: &types.Content{Data: aws.String(m.Text), Charset: utf8},
				Html: &types.Content{Data: aws.String(m.HTML), Charset: utf8},
			},
		}},
	})
	return err
}
