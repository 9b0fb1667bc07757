package emulator

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
)

// Emulator is the whole application in one process over a simulated cloud
// context. Restarting it loses the table.
type Emulator struct {
	cfg   config.Config
	cloud *Cloud
	app   *runtime.App
	// purgeEvery is how often Run purges the table
	// (memory.DefaultPurgeInterval).
	purgeEvery time.Duration
}

// New builds the emulator of cfg (as Lookup loaded it). Adapters that are
// enabled without credentials run as local stubs (WithFallbacks); the table,
// the queue and the handoff mailer are the simulated context's whatever cfg
// says. Nothing runs until Run.
func New(ctx context.Context, cfg config.Config, logger *zap.Logger) (*Emulator, error) {
	return newEmulator(ctx, cfg, logger, memory.DefaultPurgeInterval, time.Now)
}

// newEmulator is New with the table's purge interval and the clock of the
// table and the application (tests shorten the one and move the other on,
// past the items' ttl).
func newEmulator(ctx context.Context, cfg config.Config, logger *zap.Logger, purgeEvery time.Duration, now func() time.Time) (*Emulator, error) {
	cloud, err := newCloud(cfg.Queue.Concurrency, logger, memory.WithClock(now))
	if err != nil {
		return nil, err
	}
	fallbacks := map[string][]string{}
	for _, a := range Adapters(cfg) {
		if a.Enabled && !a.Live() {
			logger.Warn("adapter enabled without credentials: it runs as the local stub",
				zap.String("adapter", a.Name), zap.Strings("missing", a.Missing))
			fallbacks[a.Flag] = a.Missing
		}
	}
	effective := WithFallbacks(cfg)
	opts := runtime.Options{Table: cloud.Table, Queue: cloud.Queue, Mailer: cloud.Mailer, Parameters: cloud.Parameters, Now: now, Fallbacks: fallbacks}
	if _, stubbed := fallbacks["CRM_ENABLED"]; stubbed {
		// The CRM the newcomer left enabled still receives the projections,
		// as a stub that records them (CRM_ENABLED=false stubs it too, but
		// the job is off when the ERP is disabled as well).
		opts.CRMStub = &crm.Stub{}
	}
	app, err := runtime.New(ctx, effective, logger, opts)
	if err != nil {
		_ = cloud.Queue.Close() // never ran: closing it cannot fail
		return nil, err
	}
	return &Emulator{cfg: effective, cloud: cloud, app: app, purgeEvery: purgeEvery}, nil
}

// App is the running application, for the dashboard and tests.
func (e *Emulator) App() *runtime.App { return e.app }

// Cloud is the simulated context, for tests and for wiring adapters to it.
func (e *Emulator) Cloud() *Cloud { return e.cloud }

// Config is the configuration the application runs with: the loaded one
// with the adapter fallbacks applied.
func (e *Emulator) Config() config.Config { return e.cfg }

// Run serves on ln until ctx is done (Ctrl+C), then stops gracefully: HTTP
// requests in flight finish, the queue stops, the conversations and the
// actor system stop, and the simulated context goes with the process. A nil
// error means a clean stop. Meanwhile it purges the table's expired items
// every memory.DefaultPurgeInterval.
func (e *Emulator) Run(ctx context.Context, ln net.Listener) error {
	purgeCtx, stopPurging := context.WithCancel(context.Background())
	var purging sync.WaitGroup
	purging.Go(func() { e.cloud.Table.PurgeEvery(purgeCtx, e.purgeEvery) })
	defer purging.Wait()
	defer stopPurging()
	return e.app.Run(ctx, ln)
}

// Close releases an emulator that never ran.
func (e *Emulator) Close() error { return e.app.Close() }

// Listen opens the emulator's listener on 0.0.0.0:port (spec "Local runner
// behaviour" 5); port 0 picks a free one.
func Listen(port int) (net.Listener, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort("0.0.0.0", strconv.Itoa(port)))
	if err != nil {
		return nil, fmt.Errorf("DASHBOARD_PORT %d: %w", port, err)
	}
	return ln, nil
}
