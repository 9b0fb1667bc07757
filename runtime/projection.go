package runtime

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime/config"
)

// newERP is the ERP client when ERP_ENABLED, else the local stub that records
// customers and succeeds.
func newERP(cfg config.Config, m *Metrics, logger *zap.Logger) (projection.ERP, error) {
	if !cfg.ERP.Enabled {
		return &erp.Stub{History: cfg.Stubs.History}, nil
	}
	return erp.New(erp.Config{
		Config: httpcall.Config{
			BaseURL:     cfg.ERP.BaseURL,
			AccessToken: cfg.ERP.AccessToken.Reveal(),
			MaxRPS:      cfg.ERP.MaxRPS,
			HTTPClient:  m.measuredHTTP(cfg, SystemERP),
		},
	}, logger)
}

// newCRM is the CRM client of cfg. With live it sends with the owner's
// stage mapping and session property as the "crm" setting holds them, read
// at each call; without, with CRM_STAGES and CRM_SESSION_PROPERTY.
func newCRM(cfg config.Config, live *crm.LiveMapping, m *Metrics, logger *zap.Logger) (*crm.Client, error) {
	return crm.New(crm.Config{
		Config: httpcall.Config{
			BaseURL:     cfg.CRM.BaseURL,
			AccessToken: cfg.CRM.AccessToken.Reveal(),
			MaxRPS:      cfg.CRM.MaxRPS,
			HTTPClient:  m.measuredHTTP(cfg, SystemCRM),
		},
		Pipeline:        cfg.CRM.Pipeline,
		OwnerID:         cfg.CRM.OwnerID,
		Stages:          cfg.CRM.Stages,
		SessionProperty: cfg.CRM.SessionProperty,
		LogicalStages:   projection.Stages(),
		Live:            live,
	}, logger)
}

// NewSyncJob builds the sync job of cfg over table, which converges the CRM
// and makes the ERP customers. The two are independent: each goes through
// its client when enabled and its local stub (crm.Stub, erp.Stub: records
// and succeeds) when not, so CRM_ENABLED=false ERP_ENABLED=true still
// makes the ERP customers, and the reverse still converges the CRM. With
// both disabled it reports itself disabled and leaves the intents in the
// table.
func NewSyncJob(cfg config.Config, table persistence.Table, logger *zap.Logger) (*projection.Job, error) {
	return syncJob(cfg, table, nil, false, nil, nil, logger)
}

// syncJob is the application's sync job: NewSyncJob's, except that the
// emulator's stubs count as enabled adapters: crmStub (its stand-in for a
// CRM left enabled without credentials) is the CRM, and erpStubbed (the ERP
// left enabled without credentials, so cfg runs its stub) keeps the job on,
// so the stubs record what a real CRM and ERP would receive; and the CRM
// client sends with mapping, the owner's live setting (nil: the variables).
func syncJob(cfg config.Config, table persistence.Table, crmStub projection.CRM, erpStubbed bool, mapping *crm.LiveMapping, m *Metrics, logger *zap.Logger) (*projection.Job, error) {
	job := projection.JobConfig{Table: table}
	if !cfg.CRM.Enabled && crmStub == nil && !cfg.ERP.Enabled && !erpStubbed {
		return projection.NewJob(job, logger)
	}
	erpClient, err := newERP(cfg, m, logger.Named("erp"))
	if err != nil {
		return nil, err
	}
	job.ERP = erpClient
	switch {
	case crmStub != nil:
		job.CRM = crmStub
	case cfg.CRM.Enabled:
		if job.CRM, err = newCRM(cfg, mapping, m, logger); err != nil {
			return nil, err
		}
	default:
		job.CRM = &crm.Stub{}
	}
	return projection.NewJob(job, logger)
}

// tableStore is the conversations' store over table: without CRM/ERP
// intents when the sync job is disabled and would never read them.
func tableStore(table persistence.Table, job *projection.Job) *session.TableStore {
	store := session.NewTableStore(table)
	if job.Disabled() {
		return store.WithoutProjection()
	}
	return store
}

// runSync runs the sync job at start and then, at each SYNC_INTERVAL tick,
// when there can be work (syncPace), until ctx is done. Runs never overlap:
// the next waits for the previous one to end.
func (a *App) runSync(ctx context.Context) {
	if a.sync.Disabled() {
		return // nothing reads the intents (CRM and ERP both off)
	}
	pace := syncPace{idle: max(a.cfg.Sync.Interval, syncIdleInterval)}
	run := func(ctx context.Context) {
		now := time.Now() // the job's clock
		if !pace.due(now, a.signals.intent.Swap(false)) {
			return
		}
		res, err := a.sync.Run(ctx, nil)
		pace.ran(now, res, err)
		switch {
		case err != nil && ctx.Err() == nil:
			a.logger.Error("CRM sync run failed", zap.Error(err))
		case res.Metrics != nil && (res.Metrics.Pending > 0 || res.Metrics.Blocked > 0 || res.Metrics.Uncertain > 0):
			a.logger.Info("CRM sync run", zap.Any("metrics", res.Metrics))
		}
	}
	run(ctx)
	every(ctx, a.cfg.Sync.Interval, run)
}

// erpStubbed reports whether ERP_ENABLED was true but the ERP runs as its
// stub for lack of credentials (Options.Fallbacks, the emulator's).
func erpStubbed(fallbacks map[string][]string) bool {
	_, stubbed := fallbacks["ERP_ENABLED"]
	return stubbed
}

// crmSeed is the "crm" setting before any edit: CRM_STAGES and
// CRM_SESSION_PROPERTY.
func crmSeed(cfg config.Config) crm.Mapping {
	return crm.Mapping{Stages: cfg.CRM.Stages, SessionProperty: cfg.CRM.SessionProperty}
}

// crmSettings is the CRM as the owner's CRM page uses it: the mapping in
// force on this node, and the probe of `intake smoke crm` run with a typed
// one. client is nil where the CRM is a stub (CRM_ENABLED=false, or the
// emulator's stand-in without credentials): there is nothing to ask.
type crmSettings struct {
	live   *crm.LiveMapping
	client *crm.Client
}

// crmSettings builds the page's CRM over a client of its own, as the
// smokes do: a check never waits behind the sync job's pacing.
func (a *App) crmSettings() crmSettings {
	s := crmSettings{live: a.crmMapping}
	if _, stubbed := a.fallbacks["CRM_ENABLED"]; a.cfg.CRM.Enabled && !stubbed {
		s.client, _ = newCRM(a.cfg, a.crmMapping, a.metrics, a.logger.Named("crm")) // settings that build none leave the CRM unconnected
	}
	return s
}

func (s crmSettings) Mapping() crm.Mapping { return s.live.Get() }

func (s crmSettings) Check(ctx context.Context, m crm.Mapping) (crm.SetupReport, error) {
	if s.client == nil {
		return crm.SetupReport{}, admin.ErrCRMNotConnected
	}
	return s.client.Check(ctx, m)
}
