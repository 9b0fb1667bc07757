package runtime

import (
	"cmp"
	"context"
	"fmt"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime/config"
	"github.com/intake-runtime/intake/runtime/smoke"
)

// dashboardRoutes mounts the development dashboard: GET /, POST /media and
// /dashboard/*. The gate in front of every route hides them when
// DEV_UI_ENABLED=false.
func (a *App) dashboardRoutes() error {
	deps := dashboard.Deps{
		Conversations: a.conversations,
		Sessions:      persistence.NewSessions(a.table),
		Messages:      persistence.NewMessages(a.table),
		Projections:   persistence.NewProjections(a.table),
		Content:       a.content,
		Catalogue:     a.content,
		Settings:      a.settings,
		Fixtures:      a.dashboardFixtures(),
		Smokes:        smokes{smoke.New(a.cfg, a.smokeDeps())},
		Media:         a.media,
	}
	if ring := logRingOf(a.logger); ring != nil {
		deps.Logs = ringLogs{ring}
	}
	if a.parameters != nil {
		deps.Parameters = dashboardParameters{store: a.parameters, prefix: cmp.Or(a.cfg.ParameterPrefix, "/")}
	}
	h, err := dashboard.New(dashboard.Config{
		Instances: a.cfg.Messaging.Instances,
		Model:     ModelName(a.cfg),
		// The chat shows a reply's options as the customer gets them.
		NumberedOptions: !a.cfg.Messaging.Interactive,
	}, deps, a.logger.Named("dashboard"))
	if err != nil {
		return err
	}
	h.Register(a.http)
	return nil
}

// smokeDeps are what the smokes probe: the application's table and sender,
// and CRM and ERP clients built as the sync job builds its own. Settings that
// build no client (the preflight names what is missing) leave none to probe.
func (a *App) smokeDeps() smoke.Deps {
	deps := smoke.Deps{Table: a.table, TableName: a.tableName(), Fallbacks: a.fallbacks}
	deps.Messaging, _ = a.sender.(smoke.Prober)
	deps.CRM, deps.ERP = projectionProbes(a.cfg, a.metrics, a.logger)
	return deps
}

// projectionProbes are CRM and ERP clients built as the sync job builds its
// own, for the smokes; nil where settings build none (the preflight names
// what is missing) or the adapter is a stub, which has no Probe.
func projectionProbes(cfg config.Config, m *Metrics, logger *zap.Logger) (crm, erp smoke.Prober) {
	if c, err := newCRM(cfg, nil, m, logger.Named("crm")); cfg.CRM.Enabled && err == nil {
		crm = c
	}
	if c, err := newERP(cfg, m, logger.Named("erp")); err == nil {
		erp, _ = c.(smoke.Prober)
	}
	return crm, erp
}

// SmokeAdapter runs the real smoke of the CRM or the ERP (target smoke.CRM
// or smoke.ERP) under cfg, as the dashboard's smoke tab does: the client's
// probe and, for the CRM, the check that the pipeline, every stage the
// projection sends and the session property exist. It is `intake smoke`.
func SmokeAdapter(ctx context.Context, cfg config.Config, target string, logger *zap.Logger) (smoke.Result, error) {
	if target != smoke.CRM && target != smoke.ERP {
		return smoke.Result{}, fmt.Errorf("%w: %q (crm or erp)", smoke.ErrUnknown, target)
	}
	deps := smoke.Deps{}
	deps.CRM, deps.ERP = projectionProbes(cfg, nil, logger)
	return smoke.New(cfg, deps).Run(ctx, target, smoke.Real)
}

// tableName describes the table for smoke details.
func (a *App) tableName() string {
	if _, ok := a.table.(*memory.Table); ok {
		return "the in-memory table"
	}
	return fmt.Sprintf("DynamoDB table %s in %s", a.cfg.Table.Name, a.cfg.Table.Region)
}

// smokes adapts smoke.Checker to dashboard.Smokes.
type smokes struct{ c *smoke.Checker }

func (s smokes) Targets() []string { return s.c.Targets() }

func (s smokes) Run(ctx context.Context, target, mode string) (dashboard.SmokeResult, error) {
	r, err := s.c.Run(ctx, target, mode)
	return dashboard.SmokeResult{Target: r.Target, Mode: r.Mode, OK: r.OK, Detail: r.Detail}, err
}
