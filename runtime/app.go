package runtime

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/handoff/ses"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/reports"
	"github.com/intake-runtime/intake/reports/digest"
	"github.com/intake-runtime/intake/runtime/config"
	"github.com/intake-runtime/intake/runtime/logging"
	"github.com/intake-runtime/intake/settings"
)

// Options replace configured adapters: the emulator passes its simulated
// cloud context, tests pass local servers. Zero fields use the configuration.
type Options struct {
	// Table is the key-value table; nil connects to TABLE_NAME on DynamoDB.
	Table persistence.Table
	// Model answers the agents; nil builds it from LLM_*.
	Model agent.Model
	// Sender delivers replies; nil builds it from MESSAGING_*.
	Sender messaging.Sender
	// Queue carries inbound messages from the webhook to the conversations;
	// nil uses SQS when INBOUND_QUEUE_URL is set, else an in-process queue.
	Queue Queue
	// Mailer sends the handoff e-mails; nil uses SES from the AWS
	// configuration (the emulator passes its in-memory mailer).
	Mailer ses.API
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Parameters is a parameter store the dashboard shows and edits under
	// PARAMETER_PREFIX (the emulator's in-memory one); nil shows none.
	Parameters ParameterStore
	// CRMStub, when set, is the CRM the sync job converges through although
	// CRM_ENABLED is false: the emulator's stand-in for a CRM it runs as a
	// stub for lack of credentials (nil: the job follows CRM_ENABLED).
	CRMStub projection.CRM
	// Fallbacks are the adapters whose flag was true in the configuration
	// but that run as their local stub (the emulator's substitution when
	// credentials are missing), by flag, with the variables they lack, so
	// the smokes tell the truth about them.
	Fallbacks map[string][]string
	// Version is the binary's version, for intake_build_info; empty uses
	// the module's.
	Version string
}

// App is one running Intake: the table, the actor system with the
// conversations, the inbound queue and its consumer, and the HTTP routes.
type App struct {
	cfg    config.Config
	logger *zap.Logger
	now    func() time.Time
	// fallbacks is Options.Fallbacks.
	fallbacks map[string][]string
	// roster is the operator roster handoff notices and operators' own
	// messages read (OPERATOR_PHONES seeds it at start).
	roster *handoff.Roster

	table         persistence.Table
	content       *content.Store
	system        *actor.ActorSystem
	conversations Conversations
	queue         Queue
	sync          *projection.Job
	// signals tell the recovery sweep and the sync job what this node's
	// requests and turns made.
	signals *workSignals
	sender  messaging.Sender
	// media fetches customers' files for the console and the dashboard.
	media   messaging.MediaSource
	replies *handoff.OperatorMessages
	metrics *Metrics
	http    *fiber.App
	// settings are the documents an owner edits in /admin, live on this node.
	settings *settings.Live
	// crmMapping is the "crm" setting the CRM client sends with.
	crmMapping *crm.LiveMapping
	// templates are the console's approved templates, the settings
	// document "templates" once edited.
	templates *atendimento.TemplateList
	// hours is the business hours in force (BUSINESS_HOURS until the owner
	// edits them), the one holder the engine, the handoff clock and the
	// console read.
	hours *businesshours.Live
	// business is who the agents speak for and what a closed conversation
	// is told: the business setting in force.
	business *conversation.Business
	// parameters is the store the dashboard shows, nil for none.
	parameters ParameterStore
	// metricsHTTP serves /metrics on METRICS_ADDR; nil when it is unset.
	metricsHTTP *fiber.App
	// rollup sums the sessions into the reports' day items; reports
	// answers the reports page, the API and the weekly digest from them.
	rollup  *reports.Rollup
	reports reports.Source
	// digest is the weekly report e-mail, nil without REPORT_EMAILS.
	digest *digest.Digest
}

// New builds the application of cfg. Nothing runs until Run.
func New(ctx context.Context, cfg config.Config, logger *zap.Logger, opts Options) (*App, error) {
	a := &App{cfg: cfg, logger: logger, now: opts.Now, table: opts.Table, queue: opts.Queue, parameters: opts.Parameters, fallbacks: opts.Fallbacks}
	if a.now == nil {
		a.now = time.Now
	}
	a.signals = &workSignals{now: a.now}
	a.metrics = newMetrics()
	a.metrics.registerBuildInfo(opts.Version)
	var err error
	if a.table == nil {
		if a.table, err = newDynamoTable(ctx, cfg, a.metrics, logger); err != nil {
			return nil, err
		}
	}
	a.table = persistence.Retain(a.table, cfg.Table.Retention, a.now)
	a.table = persistence.RetainAudit(a.table, cfg.Table.AuditRetention, a.now)
	a.metrics.watchTable(a.table)
	if a.queue == nil {
		if a.queue, err = newQueue(ctx, cfg, a.metrics, logger.Named("queue")); err != nil {
			return nil, err
		}
	}
	a.metrics.watchLanes(a.queue)
	if a.content, err = content.Open(cfg.Content.Dir); err != nil {
		return nil, fmt.Errorf("CONTENT_DIR: %w", err)
	}
	if a.hours, err = liveHours(cfg.UI); err != nil {
		return nil, err
	}
	a.business = conversation.NewBusiness()
	a.settings = a.newSettings()
	model, sender := opts.Model, opts.Sender
	if model == nil {
		if model, err = newModel(cfg, a.content, a.metrics, logger.Named("model")); err != nil {
			return nil, err
		}
	}
	if sender == nil {
		if sender, err = newSender(cfg, a.metrics, logger.Named("messaging")); err != nil {
			return nil, err
		}
	}
	a.sender = sender
	if a.media, err = newMediaSource(cfg, sender, a.metrics, logger.Named("messaging")); err != nil {
		return nil, err
	}
	if a.roster, err = operatorRoster(ctx, cfg, a.table, a.now, logger.Named("handoff")); err != nil {
		return nil, err
	}
	if a.rollup, err = a.newRollup(); err != nil {
		return nil, err
	}
	a.reports = a.reportStore()
	notifier, err := handoffNotifier(ctx, cfg, sender, opts.Mailer, a.roster, persistence.NewAvailabilities(a.table), a.metrics, logger.Named("handoff"))
	if err != nil {
		return nil, err
	}
	if a.digest, err = a.reportDigest(ctx, a.reports, opts.Mailer); err != nil {
		return nil, err
	}
	engine, err := conversation.New(conversation.Config{MaxEnrichments: cfg.Session.MaxContextEnrichments, Hours: a.hours, Business: a.business,
		CSATEnabled: cfg.Closing.CSATEnabled, ReopenWindow: cfg.Closing.ReopenWindow}, a.content)
	if err != nil {
		return nil, err
	}
	if a.sync, err = syncJob(cfg, a.table, opts.CRMStub, erpStubbed(opts.Fallbacks), a.crmMapping, a.metrics, logger.Named("sync")); err != nil {
		return nil, err
	}
	hearing, err := newHearing(cfg, a.media, a.metrics, logger.Named("transcription"))
	if err != nil {
		return nil, err
	}
	handoffProps, err := a.handoffProps(cfg, notifier, sender)
	if err != nil {
		return nil, err
	}
	actorMetrics, err := a.metrics.actorMetrics()
	if err != nil {
		return nil, err
	}
	a.system = actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return logging.Actor(logger.Named("actor"))
	}), actorMetrics)
	deps := session.Deps{
		Config: session.Config{
			DebounceWindow:     cfg.Session.DebounceWindow,
			DebounceMaxWait:    cfg.Session.DebounceMaxWait,
			IdleTimeout:        cfg.Session.IdleTimeout,
			RenotifyAfter:      cfg.Handoff.RenotifyAfter,
			MaxRenotifications: cfg.Handoff.MaxRenotifications,
			Hours:              a.hours,
			TurnDeadline:       cfg.Session.TurnDeadline,
			RoundRobin:         roundRobin(cfg),
			AssignmentSLA:      cfg.Handoff.SLA,
		},
		Store:   signalledStore{tableStore(a.table, a.sync), a.signals},
		Engine:  engine,
		Model:   model,
		Hearing: hearing,
		Messaging: messaging.RepliesDeps{Sender: sender, Outbox: persistence.NewOutbox(a.table), Logger: logger.Named("messaging"),
			NumberedOptions: !cfg.Messaging.Interactive},
		Handoff: handoffProps,
		Metrics: committedSignal{a.metrics, a.rollup},
		Now:     a.now,
		Logger:  logger.Named("session"),
	}
	if a.conversations, err = newConversations(a.system, cfg.Cluster, deps, a.metrics, logger.Named("cluster")); err != nil {
		a.system.Shutdown()
		return nil, err
	}
	if err := a.routes(); err != nil {
		_ = a.Close()
		return nil, err
	}
	if err := a.loadSettings(); err != nil {
		_ = a.Close()
		return nil, err
	}
	return a, nil
}

// HTTP is the application's fiber app: the emulator mounts its dashboard on
// it, tests call its Test method.
func (a *App) HTTP() *fiber.App { return a.http }

// Table is the application's key-value table.
func (a *App) Table() persistence.Table { return a.table }

// Content is the store of prompts, catalogue and knowledge packages.
func (a *App) Content() *content.Store { return a.content }

// Conversations addresses the conversation of a phone: the local
// supervisor, or the cluster's addressing with CLUSTER_ENABLED.
func (a *App) Conversations() Conversations { return a.conversations }

// Run serves HTTP on ln, consumes the inbound queue and runs the CRM sync job
// every SYNC_INTERVAL until ctx is done, then stops in order: no new
// requests, no new queue messages or sync runs, the turns in flight finished
// (all bounded by SHUTDOWN_TIMEOUT), then the conversations (messages still
// buffered are answered after the next start, through their receipts).
func (a *App) Run(ctx context.Context, ln net.Listener) error {
	deliver, err := a.deliverer()
	var recovery *inbound.Recovery
	if err == nil {
		recovery, err = a.recovery()
	}
	if err != nil {
		_ = ln.Close()
		return errors.Join(err, a.Close())
	}
	stopMetrics, err := a.serveMetrics()
	if err != nil {
		_ = ln.Close()
		return errors.Join(err, a.Close())
	}
	consumeCtx, stopConsuming := context.WithCancel(context.Background())
	var consuming sync.WaitGroup
	consuming.Add(1)
	var consumeErr error
	go func() {
		defer consuming.Done()
		consumeErr = a.queue.Run(consumeCtx, deliver.Handle)
	}()
	consuming.Add(1)
	go func() {
		defer consuming.Done()
		a.runSync(consumeCtx)
	}()
	consuming.Add(1)
	go func() {
		defer consuming.Done()
		// The first sweep takes up all unfinished work at once; then every
		// RECOVERY_INTERVAL, what is older than RECOVERY_AFTER.
		recovery.Start(consumeCtx)
		every(consumeCtx, a.cfg.Recovery.Interval, recovery.Tick)
	}()
	consuming.Add(1)
	go func() {
		defer consuming.Done()
		a.refreshSettings(consumeCtx, a.cfg.Content.PromptRefresh)
	}()
	consuming.Add(1)
	go func() {
		defer consuming.Done()
		a.runReports(consumeCtx)
	}()
	consuming.Add(1)
	go func() {
		defer consuming.Done()
		a.runReportDigest(consumeCtx)
	}()
	if n, err := a.conversations.Recover(ctx); err != nil {
		a.logger.Error("conversations with unsent replies or queued handoffs not woken", zap.Error(err))
	} else if n > 0 {
		a.logger.Info("woke conversations with unsent replies or queued handoffs", zap.Int("phones", n))
	}

	served := make(chan error, 1)
	go func() { served <- a.http.Listener(ln) }()
	var serveErr error
	select {
	case serveErr = <-served:
		serveErr = fmt.Errorf("HTTP server stopped unasked: %w", serveErr)
	case <-ctx.Done():
	}
	// One deadline for the whole stop (SHUTDOWN_TIMEOUT), so an
	// orchestrator's grace period bounds it, however the time splits
	// between requests, turns and leaving the cluster.
	stopCtx, cancel := context.WithTimeout(context.Background(), a.shutdownTimeout())
	defer cancel()
	if serveErr == nil {
		a.logger.Info("stopping: no new requests; unanswered messages stay in the table")
		serveErr = a.http.ShutdownWithContext(stopCtx)
		// A stop that comes before the server has begun serving finds no
		// listener to close, and the server would then serve forever.
		_ = ln.Close() // already closed by the shutdown otherwise
		<-served
	}
	serveErr = errors.Join(serveErr, stopMetrics(stopCtx))
	stopConsuming()
	if waitUntil(stopCtx, consuming.Wait) {
		serveErr = errors.Join(serveErr, consumeErr)
	} else {
		a.logger.Warn("stopping while the queue consumer still hands a message over; it is redelivered")
	}
	if err := a.conversations.Drain(stopCtx); err != nil {
		a.logger.Warn("stopping with turns in flight; their messages are answered after the next start", zap.Error(err))
	}
	var closeErr error
	if !waitUntil(stopCtx, func() { closeErr = a.Close() }) {
		a.logger.Warn("SHUTDOWN_TIMEOUT passed before the conversations stopped and the node left the cluster",
			zap.Duration("timeout", a.shutdownTimeout()))
		return serveErr
	}
	return errors.Join(serveErr, closeErr)
}

// shutdownTimeout is SHUTDOWN_TIMEOUT, or its default for a configuration
// built without config.Load.
func (a *App) shutdownTimeout() time.Duration {
	if a.cfg.ShutdownTimeout > 0 {
		return a.cfg.ShutdownTimeout
	}
	return 30 * time.Second
}

// waitUntil runs wait and reports whether it returned before ctx was done;
// if not, wait goes on in the background, and the process exits without it.
func waitUntil(ctx context.Context, wait func()) bool {
	done := make(chan struct{})
	go func() {
		defer close(done)
		wait()
	}()
	select {
	case <-done:
		return true
	case <-ctx.Done():
		return false
	}
}

// Close stops the conversations, the actor system and the queue, and
// closes the idle connections of the outbound pool. Run calls it; call it
// directly only for an App that never ran.
func (a *App) Close() error {
	err := a.conversations.Stop()
	if !a.system.IsStopped() { // leaving a cluster shuts it down
		a.system.Shutdown()
	}
	// The pool is the process's (outbound.Shared) and outlives the App:
	// each idle connection holds a provider's socket and two goroutines.
	outboundHTTP(a.cfg).CloseIdleConnections()
	return errors.Join(err, a.queue.Close())
}

// routes mounts the HTTP routes. Each surface mounts itself from its own
// file; the development gate comes first so that it sees every request.
func (a *App) routes() error {
	a.http = fiber.New(fiber.Config{
		AppName:               "intake",
		DisableStartupMessage: true,
		ErrorHandler:          httperr.Handler,
		BodyLimit:             bodyLimit,
		// A client that sends half a request, or keeps a connection idle,
		// is cut off instead of holding it (and a goroutine) forever; past
		// the cap, connections are refused rather than served slowly.
		ReadTimeout:  a.cfg.HTTP.ReadTimeout,
		WriteTimeout: a.cfg.HTTP.WriteTimeout,
		IdleTimeout:  a.cfg.HTTP.IdleTimeout,
		Concurrency:  a.cfg.HTTP.MaxConcurrency,
	})
	a.http.Use(a.metrics.HTTP(), a.devGate())
	// /healthz proves only that the process answers: it queries nothing.
	a.http.Get("/healthz", func(c *fiber.Ctx) error { return c.JSON(fiber.Map{"ok": true}) })
	mounts := []func() error{
		a.readyzRoutes, a.metricsRoutes, a.webhookRoutes, a.chatRoutes,
		a.atendimentoRoutes, a.adminRoutes, a.dashboardRoutes,
	}
	for _, mount := range mounts {
		if err := mount(); err != nil {
			return err
		}
	}
	return nil
}

// bodyLimit is the largest request body: the webhook's 3 MB.
const bodyLimit = 3 << 20
