package runtime

import (
	"context"
	"fmt"
	"strings"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff/ses"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/reports"
	"github.com/intake-runtime/intake/reports/digest"
)

// digestInterval is how often each node asks whether last week's digest is
// due: it goes out within this of Monday 08:00.
const digestInterval = 15 * time.Minute

// reportDigest is the weekly report e-mail to REPORT_EMAILS, sent from
// HANDOFF_EMAIL_FROM through mailer (SES from the AWS configuration when
// nil, as the handoff e-mails); nil without recipients or without a report
// source.
func (a *App) reportDigest(ctx context.Context, source reports.Source, mailer ses.API) (*digest.Digest, error) {
	cfg := a.cfg
	if len(cfg.Admin.ReportEmails) == 0 || source == nil {
		return nil, nil
	}
	if mailer == nil {
		awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.Table.Region), awsClient(cfg, a.metrics, a.logger))
		if err != nil {
			return nil, fmt.Errorf("REPORT_EMAILS: AWS configuration for SES: %w", err)
		}
		mailer = sesv2.NewFromConfig(awsCfg)
	}
	lang, zone, err := uiLocale(cfg.UI)
	if err != nil {
		return nil, err
	}
	var page string
	if base := strings.TrimRight(cfg.HTTP.PublicBaseURL, "/"); base != "" {
		page = base + admin.ReportsPath
	}
	d, err := digest.New(digest.Config{From: cfg.Handoff.EmailFrom, To: cfg.Admin.ReportEmails, PageURL: page,
		Lang: lang, Zone: zone, Now: a.now}, source, mailer, persistence.NewReportDigests(a.table), a.logger.Named("digest"))
	if err != nil {
		return nil, fmt.Errorf("REPORT_EMAILS: %w", err)
	}
	return d, nil
}

// runReportDigest asks every digestInterval whether last week's digest is
// due until ctx is done; one node of all sends it.
func (a *App) runReportDigest(ctx context.Context) {
	if a.digest == nil {
		return
	}
	every(ctx, digestInterval, func(ctx context.Context) {
		if _, err := a.digest.Run(ctx); err != nil && ctx.Err() == nil {
			a.logger.Error("report digest not sent", zap.Error(err))
		}
	})
}
