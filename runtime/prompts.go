package runtime

import (
	"context"
	"time"

	"go.uber.org/zap"
)

// refreshPrompts applies the prompt overrides stored in the table every
// interval (PROMPT_REFRESH) until ctx is done. An override is applied at once
// on the node whose admin API stored it; the others, each holding the
// prompts in memory, see it by the next refresh, so every node of a cluster
// runs the new version within one interval.
func (a *App) refreshPrompts(ctx context.Context, interval time.Duration) {
	every(ctx, interval, func(ctx context.Context) {
		loadCtx, cancel := context.WithTimeout(ctx, adminStartTimeout)
		err := a.loadPrompts(loadCtx)
		cancel()
		if err != nil && ctx.Err() == nil {
			a.logger.Warn("prompt overrides not refreshed; the next refresh carries on", zap.Error(err))
		}
	})
}
