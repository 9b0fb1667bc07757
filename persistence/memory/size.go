package memory

import (
	"fmt"

	"github.com/intake-runtime/intake/persistence"
)

// maxItemSize is DynamoDB's item size limit, 400 KB.
const maxItemSize = 400 * 1024

// checkSize rejects an item above maxItemSize, counted as DynamoDB documents
// it: attribute names plus values. The count is close, not byte-exact, which
// is enough to catch records that would grow past the limit in production.
func checkSize(item persistence.Item) error {
	if n := persistence.ItemSize(item); n > maxItemSize {
		return fmt.Errorf("item size has exceeded the maximum allowed size (%d > %d bytes)", n, maxItemSize)
	}
	return nil
}
