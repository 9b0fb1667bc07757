package runtime

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/settings"
)

// settingsTimeout bounds loading the settings, at start and at each refresh.
const settingsTimeout = 10 * time.Second

// newSettings returns the documents an owner edits in /admin, each
// registered with the component it changes: the agents' prompts, the
// catalogue and the knowledge packages to the content store, the CRM
// stages and session property to the CRM client, the templates to the
// console's list, the business and its hours to the conversations and the
// console.
func (a *App) newSettings() *settings.Live {
	live := settings.New(persistence.NewVersions(a.table), a.now, a.logger.Named("settings"))
	live.Audited(persistence.NewAudits(a.table))
	admin.RegisterPrompts(live, a.content)
	admin.RegisterContent(live, a.content)
	a.crmMapping = admin.RegisterCRM(live, crmSeed(a.cfg))
	a.templates = atendimento.NewTemplateList(consoleTemplates(a.cfg.Messaging.Templates))
	admin.RegisterTemplates(live, a.templates)
	admin.RegisterBusinessSettings(live, a.business, a.hours, a.hoursZone())
	return live
}

// loadSettings applies the stored settings before any conversation runs, so
// a restart keeps what the owner edited.
func (a *App) loadSettings() error {
	ctx, cancel := context.WithTimeout(context.Background(), settingsTimeout)
	defer cancel()
	if err := a.settings.Load(ctx); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return nil
}

// refreshSettings applies the settings edited on other nodes every interval
// (PROMPT_REFRESH) until ctx is done: an edit is applied at once on the node
// that stored it, and on every node of a cluster within one interval.
func (a *App) refreshSettings(ctx context.Context, interval time.Duration) {
	every(ctx, interval, func(ctx context.Context) {
		refreshCtx, cancel := context.WithTimeout(ctx, settingsTimeout)
		err := a.settings.Refresh(refreshCtx)
		cancel()
		if err != nil && ctx.Err() == nil {
			a.logger.Warn("settings not refreshed; the next refresh carries on", zap.Error(err))
		}
	})
}
