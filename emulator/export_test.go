package emulator

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/runtime/config"
)

// NewWithClock is New with the table's purge interval and the clock of the
// table and the application set: tests move the clock past the items' ttl.
func NewWithClock(ctx context.Context, cfg config.Config, logger *zap.Logger, purgeEvery time.Duration, now func() time.Time) (*Emulator, error) {
	return newEmulator(ctx, cfg, logger, purgeEvery, now)
}
