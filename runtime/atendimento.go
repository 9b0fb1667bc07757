package runtime

import (
	"context"
	"fmt"
	"net/netip"
	"strings"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/handoff/ses"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime/config"
)

// consoleLink is the operator console's address put in handoff notices.
// Notices reach people outside the service, so it is absolute under
// PUBLIC_BASE_URL; without it the path still tells an operator where to go.
// Every node of a cluster links to the same address.
func consoleLink(cfg config.HTTP) string {
	if cfg.PublicBaseURL == "" {
		return atendimento.BasePath
	}
	return strings.TrimSuffix(cfg.PublicBaseURL, "/") + atendimento.BasePath
}

// atendimentoRoutes mounts the operator console at /atendimento (it passes
// the development gate). Codes go to operators through the messaging adapter;
// with the local stub (MESSAGING_CLOUD_ENABLED=false) they are also logged at
// INFO, because the stub delivers nothing, and on a development runner
// shown on the code page. With the console, operators may
// also answer from their own phones: the queue consumer hands their messages
// to the handoff's Replies.
func (a *App) atendimentoRoutes() error {
	proxies, err := trustedProxies(a.cfg.HTTP)
	if err != nil {
		return err
	}
	lang, zone, err := uiLocale(a.cfg.UI)
	if err != nil {
		return err
	}
	queue := handoff.NewQueue(a.table)
	console, err := atendimento.New(atendimento.Config{
		DefaultCountry: a.cfg.UI.DefaultCountry,
		TrustedProxies: proxies,
		SecureCookie:   secureCookie(a.cfg.HTTP),
		StoreTimeout:   a.cfg.Table.Timeout,
		LogCodes:       !a.cfg.Messaging.CloudEnabled,
		RefusedCodes:   a.metrics.LoginCodeRefused,
		// On a development runner (DEV_UI_ENABLED) with the stub, the code
		// page shows the code: nobody can receive it otherwise.
		ShowCodes:    !a.cfg.Messaging.CloudEnabled && a.cfg.DevUI.Enabled,
		Lang:         lang,
		Zone:         zone,
		Hours:        a.hours,
		SLA:          a.cfg.Handoff.SLA,
		TemplateList: a.templates,
		ConsoleURL:   consoleLink(a.cfg.HTTP),
		Now:          a.now,
	}, atendimento.Deps{
		Conversations:    a.conversations,
		Queue:            queue,
		Sessions:         persistence.NewSessions(a.table),
		Messages:         persistence.NewMessages(a.table),
		Sender:           a.sender,
		Logins:           persistence.NewLogins(a.table),
		OperatorSessions: persistence.NewOperatorSessions(a.table),
		Search:           persistence.NewSessions(a.table),
		Projections:      persistence.NewProjections(a.table),
		SavedReplies:     persistence.NewSavedReplies(a.table),
		Notes:            persistence.NewNotes(a.table),
		Audit:            persistence.NewAudits(a.table),
		Availability:     persistence.NewAvailabilities(a.table),
		Roster:           persistence.NewOperatorRoster(a.table),
		Media:            a.media,
	}, a.logger.Named("atendimento"))
	if err != nil {
		return fmt.Errorf("atendimento: %w", err)
	}
	a.replies, err = handoff.NewOperatorMessages(handoff.OperatorMessagesConfig{
		Roster:     a.roster,
		ConsoleURL: consoleLink(a.cfg.HTTP),
		Lang:       lang,
		Zone:       zone,
	}, queue, a.conversations, a.sender, a.logger)
	if err != nil {
		return fmt.Errorf("atendimento: %w", err)
	}
	console.Register(a.http)
	// Login codes still being sent finish before the process stops.
	a.http.Hooks().OnShutdown(func() error {
		console.Close()
		return nil
	})
	return nil
}

// operatorRoster seeds the roster with ADMIN_PHONES, as admins, then with
// OPERATOR_PHONES, as operators (those it lacks are created enabled, so a
// number in both lists is an admin; a record admins changed, a disabled one
// included, is kept) and returns it as the Directory handoff notices read,
// cached for handoff.DefaultRosterTTL: one table query per TTL per node
// instead of one per notice, and none on a customer's turn (operators' own
// messages are recognised from its last read, Known). Admins are operators
// too: an owner gets notices and transfers and may answer in the console,
// unless they set themselves away.
func operatorRoster(ctx context.Context, cfg config.Config, table persistence.Table, now func() time.Time, logger *zap.Logger) (*handoff.Roster, error) {
	store := persistence.NewOperatorRoster(table)
	for _, list := range []struct {
		name   string
		phones []string
		seed   func(context.Context, []string, time.Time) (int, error)
	}{
		{"ADMIN_PHONES", cfg.Admin.Phones, store.SeedAdmins},
		{"OPERATOR_PHONES", cfg.Handoff.OperatorPhones, store.Seed},
	} {
		phones, err := handoff.NewOperators(list.phones)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", list.name, err)
		}
		created, err := list.seed(ctx, phones, now())
		if err != nil {
			return nil, fmt.Errorf("%s: seeding the roster: %w", list.name, err)
		}
		if created > 0 {
			logger.Info("roster seeded from "+list.name, zap.Int("created", created))
		}
	}
	// Read once now, so operators' own messages are recognised (Known)
	// from the first one, before any notice has read the roster.
	roster := handoff.NewRoster(store, 0, now)
	if _, err := roster.Active(ctx); err != nil {
		return nil, fmt.Errorf("operator roster: %w", err)
	}
	return roster, nil
}

// trustedProxies are HTTP_TRUSTED_PROXIES, which config.Load validated:
// behind them the logins throttle by the address they forwarded.
func trustedProxies(cfg config.HTTP) ([]netip.Prefix, error) {
	var proxies []netip.Prefix
	for _, p := range cfg.TrustedProxies {
		prefix, err := config.ParsePrefix(p)
		if err != nil {
			return nil, fmt.Errorf("HTTP_TRUSTED_PROXIES: %w", err)
		}
		proxies = append(proxies, prefix)
	}
	return proxies, nil
}

// secureCookie marks session cookies Secure unless PUBLIC_BASE_URL is plain
// http.
func secureCookie(cfg config.HTTP) bool {
	return !strings.HasPrefix(strings.ToLower(cfg.PublicBaseURL), "http://")
}

// handoffNotifier builds the handoff notifier of cfg. With
// HANDOFF_NOTIFIER_ENABLED=false it is the stub (queued, nobody told).
// Enabled, it e-mails when HANDOFF_EMAIL_FROM and HANDOFF_EMAIL_TO are set
// (through mailer, or SES from the AWS configuration when mailer is nil) and
// texts the roster's enabled operators through sender (roster; nil, the
// fixed OPERATOR_PHONES), but those away (away, when not nil); both when
// both are configured. Notices are in UI_LANG, with times in UI_TIMEZONE,
// as the console.
func handoffNotifier(ctx context.Context, cfg config.Config, sender messaging.Sender, mailer ses.API, roster handoff.Directory, away handoff.Availability, m *Metrics, logger *zap.Logger) (handoff.Notifier, error) {
	if !cfg.Handoff.NotifierEnabled {
		return handoff.NewStub(logger, cfg.Stubs.History), nil
	}
	lang, zone, err := uiLocale(cfg.UI)
	if err != nil {
		return nil, err
	}
	var notifiers []handoff.Notifier
	if cfg.Handoff.EmailFrom != "" && len(cfg.Handoff.EmailTo) > 0 {
		if mailer == nil {
			awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.Table.Region), awsClient(cfg, m, logger))
			if err != nil {
				return nil, fmt.Errorf("HANDOFF_EMAIL_FROM: AWS configuration for SES: %w", err)
			}
			mailer = sesv2.NewFromConfig(awsCfg)
		}
		email, err := ses.New(ses.Config{From: cfg.Handoff.EmailFrom, To: cfg.Handoff.EmailTo, ConsoleURL: consoleLink(cfg.HTTP),
			Lang: lang, Zone: zone}, mailer, logger)
		if err != nil {
			return nil, fmt.Errorf("HANDOFF_EMAIL_FROM/HANDOFF_EMAIL_TO: %w", err)
		}
		notifiers = append(notifiers, email)
	}
	// With a roster, operators added in admin are texted though
	// OPERATOR_PHONES is empty.
	if roster != nil || len(cfg.Handoff.OperatorPhones) > 0 || len(notifiers) == 0 {
		texts, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{
			Roster:       roster,
			Operators:    cfg.Handoff.OperatorPhones,
			ConsoleURL:   consoleLink(cfg.HTTP),
			Availability: away,
			Lang:         lang,
			Zone:         zone,
		}, sender, logger)
		if err != nil {
			return nil, fmt.Errorf("OPERATOR_PHONES: %w", err)
		}
		notifiers = append(notifiers, texts)
	}
	return handoff.All(notifiers...), nil
}
