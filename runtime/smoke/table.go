package smoke

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// probeKey is an item no record uses: reading it proves the table answers
// and writes nothing.
var probeKey = persistence.Key{PK: "SMOKE#dashboard", SK: "SMOKE"}

// table checks the key-value table. Its real call reads probeKey.
func (c *Checker) table(ctx context.Context, real bool) (bool, string) {
	if c.deps.Table == nil {
		return false, "no table is wired into this process"
	}
	name := c.deps.TableName
	if name == "" {
		name = "the table"
	}
	if !real {
		return true, name + " is wired; preflight makes no call"
	}
	start := time.Now()
	_, err := c.deps.Table.Get(ctx, probeKey)
	elapsed := time.Since(start).Milliseconds()
	call := fmt.Sprintf("GetItem %s / %s on %s", probeKey.PK, probeKey.SK, name)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return true, fmt.Sprintf("%s answered not found, as expected, in %d ms; nothing written", call, elapsed)
	case err != nil:
		return false, fmt.Sprintf("%s failed: %s", call, clip(err.Error(), 300))
	default:
		return true, fmt.Sprintf("%s found an item (someone wrote the probe key) in %d ms; nothing written", call, elapsed)
	}
}
