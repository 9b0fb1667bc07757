package emulator

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime/config"
)

// NewWithTableClock is New with the table's purge interval and clock set:
// tests move the clock past the receipts' seven-day ttl.
func NewWithTableClock(ctx context.Context, cfg config.Config, logger *zap.Logger, purgeEvery time.Duration, now func() time.Time) (*Emulator, error) {
	return newEmulator(ctx, cfg, logger, purgeEvery, memory.WithClock(now))
}
