package memory

import (
	"context"
	"fmt"

	"github.com/intake-runtime/intake/persistence"
)

// BatchGet returns copies of the items stored under keys, leaving out the
// absent ones and reading a repeated key once, as DynamoDB does.
func (t *Table) BatchGet(ctx context.Context, keys []persistence.Key) ([]persistence.Item, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("memory: batch get: %w", err)
	}
	for _, key := range keys {
		if err := checkKey(key); err != nil {
			return nil, opError("batch get", key, err)
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	items := make([]persistence.Item, 0, len(keys))
	seen := make(map[persistence.Key]bool, len(keys))
	for _, key := range keys {
		if seen[key] {
			continue
		}
		seen[key] = true
		if rec, ok := t.visible(key); ok {
			items = append(items, copyItem(rec.item))
		}
	}
	return items, nil
}
