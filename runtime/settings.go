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

// settingsIdleRefresh is the longest pause between two refreshes: an idle
// node asks the settings index once a minute, not every PROMPT_REFRESH
// (6 of an idle minute's 108 table requests at the default 10 s).
const settingsIdleRefresh = time.Minute

// refreshSettings applies the settings edited on other nodes until ctx is
// done: first after interval (PROMPT_REFRESH), then after a pause that
// doubles at each refresh that finds nothing new, up to
// settingsIdleRefresh (or interval, when longer), and falls back to
// interval once a refresh finds a change or this node saved one. An edit
// is applied at once on the node that stored it, and on every node of a
// cluster within the longest pause (a minute with the defaults); sooner
// while an owner is at work, since the pause starts again from interval
// after each refresh that found a change.
func (a *App) refreshSettings(ctx context.Context, interval time.Duration) {
	longest := max(interval, settingsIdleRefresh)
	pause, seen := interval, a.settings.Changes()
	timer := time.NewTimer(pause)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
		refreshCtx, cancel := context.WithTimeout(ctx, settingsTimeout)
		err := a.settings.Refresh(refreshCtx)
		cancel()
		if err != nil && ctx.Err() == nil {
			a.logger.Warn("settings not refreshed; the next refresh carries on", zap.Error(err))
		}
		pause = nextRefreshPause(pause, interval, longest, a.settings.Changes() != seen)
		seen = a.settings.Changes()
		timer.Reset(pause)
	}
}

// nextRefreshPause is the pause after a refresh that followed pause:
// interval after a change, else twice pause up to longest.
func nextRefreshPause(pause, interval, longest time.Duration, changed bool) time.Duration {
	if changed {
		return interval
	}
	return min(2*pause, longest)
}
