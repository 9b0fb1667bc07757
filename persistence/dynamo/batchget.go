package dynamo

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/intake-runtime/intake/persistence"
)

// BatchGet reads the items under keys with BatchGetItem, 100 keys a call,
// eventually consistent; absent items are left out. A key asked twice is
// read once: BatchGetItem refuses a request that repeats one.
func (t *Table) BatchGet(ctx context.Context, keys []persistence.Key) ([]persistence.Item, error) {
	keys = slices.Clone(keys)
	slices.SortFunc(keys, func(a, b persistence.Key) int {
		if a.PK != b.PK {
			return strings.Compare(a.PK, b.PK)
		}
		return strings.Compare(a.SK, b.SK)
	})
	keys = slices.Compact(keys)
	found := make(map[persistence.Key]persistence.Item, len(keys))
	for start := 0; start < len(keys); start += batchGetSize {
		if err := t.getChunk(ctx, keys[start:min(start+batchGetSize, len(keys))], found); err != nil {
			return nil, fmt.Errorf("dynamo: batch get: %w", err)
		}
	}
	items := make([]persistence.Item, 0, len(found))
	for _, item := range found {
		items = append(items, item)
	}
	return items, nil
}
