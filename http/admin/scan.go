package admin

import (
	"context"
	"fmt"

	"github.com/intake-runtime/intake/persistence"
)

// MaxScanItems bounds the items one report reads, so an admin request
// cannot walk a large production table end to end.
const MaxScanItems = 100_000

// ScanInfo says how much of the table a report read.
type ScanInfo struct {
	// Items is how many items matched and were read.
	Items int `json:"items"`
	// Truncated is true when the scan stopped at MaxScanItems: the report
	// covers part of the table.
	Truncated bool `json:"truncated"`
}

// scan reads the whole table through filter (nil keeps all), calling fn for
// each item, until the end or MaxScanItems.
func scan(ctx context.Context, t persistence.Table, filter *persistence.Condition, fn func(persistence.Item) error) (ScanInfo, error) {
	return scanPages(func(cursor string, limit int32) (int, string, error) {
		page, err := t.Scan(ctx, persistence.Scan{Filter: filter, Limit: limit, Cursor: cursor})
		if err != nil {
			return 0, "", fmt.Errorf("admin: scan: %w", err)
		}
		for _, item := range page.Items {
			if err := fn(item); err != nil {
				return 0, "", err
			}
		}
		return len(page.Items), page.Next, nil
	})
}

// scanPages reads a scan page by page through read, which reads at most
// limit items from cursor and returns how many matched and the next cursor,
// until the end or MaxScanItems. DynamoDB's Limit counts items read before
// the filter, so the bound is on the pages' reads.
func scanPages(read func(cursor string, limit int32) (matched int, next string, err error)) (ScanInfo, error) {
	var info ScanInfo
	cursor, total := "", 0
	for {
		limit := int32(min(scanPage, MaxScanItems-total))
		matched, next, err := read(cursor, limit)
		info.Items += matched
		if err != nil {
			return info, err
		}
		total += int(limit)
		if next == "" {
			return info, nil
		}
		if total >= MaxScanItems {
			info.Truncated = true
			return info, nil
		}
		cursor = next
	}
}

// scanPage is the items read per scan call.
const scanPage = 1000
