package memory

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/intake-runtime/intake/persistence"
)

// Scan returns one page of the whole table, in key order. As in DynamoDB,
// Limit counts the items read before the filter, so a page may hold fewer
// items than Limit, even none, and still have a Next.
func (t *Table) Scan(ctx context.Context, s persistence.Scan) (persistence.Page, error) {
	if err := ctx.Err(); err != nil {
		return persistence.Page{}, fmt.Errorf("memory: scan: %w", err)
	}
	if err := checkLimit(s.Limit); err != nil {
		return persistence.Page{}, fmt.Errorf("memory: scan: %w", err)
	}
	filter, err := compile(s.Filter)
	if err != nil {
		return persistence.Page{}, fmt.Errorf("memory: scan: %w", err)
	}
	cursor, err := queryCursor(s.Cursor, func(p position) bool { return p.GSI1SK == "" })
	if err != nil {
		return persistence.Page{}, fmt.Errorf("memory: scan: %w", err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	var entries []entry
	for _, pk := range slices.Sorted(maps.Keys(t.items.parts)) {
		if cursor != nil && pk < cursor.PK {
			continue // before the page; paginate would skip it anyway
		}
		for _, sl := range t.items.parts[pk] {
			if !sl.rec.expired(now) {
				entries = append(entries, entry{pos: position{PK: pk, SK: sl.sk}, rec: sl.rec})
			}
		}
	}
	return paginate(entries, cursor, false, s.Limit, filter.holds), nil
}
