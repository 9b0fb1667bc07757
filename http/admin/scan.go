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
// each item, until the end or MaxScanItems. DynamoDB's Limit counts items
// read before the filter, so the bound is on the pages' reads.
func scan(ctx context.Context, t persistence.Table, filter *persistence.Condition, fn func(persistence.Item) error) (ScanInfo, error) {
	var info ScanInfo
	s := persistence.Scan{Filter: filter}
	read := 0
	for {
		s.Limit = int32(min(scanPage, MaxScanItems-read))
		page, err := t.Scan(ctx, s)
		if err != nil {
			return info, fmt.Errorf("admin: scan: %w", err)
		}
		read += int(s.Limit)
		for _, item := range page.Items {
			info.Items++
			if err := fn(item); err != nil {
				return info, err
			}
		}
		if page.Next == "" {
			return info, nil
		}
		if read >= MaxScanItems {
			info.Truncated = true
			return info, nil
		}
		s.Cursor = page.Next
	}
}

// scanPage is the items read per scan call.
const scanPage = 1000
