package runtime

import (
	"context"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime/config"
)

// newERP is the ERP client when ERP_ENABLED, else the local stub that records
// customers and succeeds.
func newERP(cfg config.Config, logger *zap.Logger) (projection.ERP, error) {
	if !cfg.ERP.Enabled {
		return &erp.Stub{History: cfg.Stubs.History}, nil
	}
	return erp.New(erp.Config{
		Config: httpcall.Config{
			BaseURL:     cfg.ERP.BaseURL,
			AccessToken: cfg.ERP.AccessToken.Reveal(),
			MaxRPS:      cfg.ERP.MaxRPS,
			HTTPClient:  outboundHTTP(cfg),
		},
	}, logger)
}

// newCRM is the CRM client of cfg.
func newCRM(cfg config.Config, logger *zap.Logger) (*crm.Client, error) {
	return crm.New(crm.Config{
		Config: httpcall.Config{
			BaseURL:     cfg.CRM.BaseURL,
			AccessToken: cfg.CRM.AccessToken.Reveal(),
			MaxRPS:      cfg.CRM.MaxRPS,
			HTTPClient:  outboundHTTP(cfg),
		},
		Pipeline:        cfg.CRM.Pipeline,
		OwnerID:         cfg.CRM.OwnerID,
		Stages:          cfg.CRM.Stages,
		SessionProperty: cfg.CRM.SessionProperty,
		LogicalStages:   projection.Stages(),
	}, logger)
}

// NewSyncJob builds the sync job of cfg over table, which converges the CRM
// and makes the ERP customers; with CRM_ENABLED=false it reports itself
// disabled and builds no client.
func NewSyncJob(cfg config.Config, table persistence.Table, logger *zap.Logger) (*projection.Job, error) {
	job := projection.JobConfig{Table: table}
	if cfg.CRM.Enabled {
		erpClient, err := newERP(cfg, logger.Named("erp"))
		if err != nil {
			return nil, err
		}
		job.ERP = erpClient
		client, err := newCRM(cfg, logger)
		if err != nil {
			return nil, err
		}
		job.CRM = client
	}
	return projection.NewJob(job, logger)
}

// syncJob is the application's sync job: NewSyncJob's, or, when crmStub is
// given (the emulator's stand-in for a CRM without credentials), one that
// converges through it and the ERP of cfg, so the stubs record what a real
// CRM and ERP would receive.
func syncJob(cfg config.Config, table persistence.Table, crmStub projection.CRM, logger *zap.Logger) (*projection.Job, error) {
	if crmStub == nil {
		return NewSyncJob(cfg, table, logger)
	}
	erpClient, err := newERP(cfg, logger.Named("erp"))
	if err != nil {
		return nil, err
	}
	return projection.NewJob(projection.JobConfig{Table: table, CRM: crmStub, ERP: erpClient}, logger)
}

// runSync runs the sync job every SYNC_INTERVAL until ctx is done. Runs never
// overlap: the next waits for the previous one to end.
func (a *App) runSync(ctx context.Context) {
	every(ctx, a.cfg.Sync.Interval, func(ctx context.Context) {
		res, err := a.sync.Run(ctx, nil)
		switch {
		case err != nil && ctx.Err() == nil:
			a.logger.Error("CRM sync run failed", zap.Error(err))
		case res.Metrics != nil && (res.Metrics.Pending > 0 || res.Metrics.Blocked > 0 || res.Metrics.Uncertain > 0):
			a.logger.Info("CRM sync run", zap.Any("metrics", res.Metrics))
		}
	})
}
