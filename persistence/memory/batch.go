package memory

import (
	"context"
	"fmt"

	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// BatchWrite puts and deletes many items without conditions. It validates
// everything first, as DynamoDB validates a BatchWriteItem request, and
// rejects a key named twice (DynamoDB rejects duplicates within one request;
// both backends reject them within one call, so chunking never changes the
// outcome). Here the writes then happen at once.
func (t *Table) BatchWrite(ctx context.Context, puts []persistence.Item, deletes []persistence.Key) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("memory: batch write: %w", err)
	}
	seen := make(map[persistence.Key]bool, len(puts)+len(deletes))
	claim := func(k persistence.Key) error {
		if seen[k] {
			return fmt.Errorf("memory: batch write: provided list of item keys contains duplicates: %s/%s", redact.Phones(k.PK), redact.Phones(k.SK))
		}
		seen[k] = true
		return nil
	}
	recs := make([]record, len(puts))
	keys := make([]persistence.Key, len(puts))
	for i, item := range puts {
		rec, k, err := prepare(item)
		if err != nil {
			return fmt.Errorf("memory: batch write: put %d: %w", i, err)
		}
		if err := claim(k); err != nil {
			return err
		}
		recs[i], keys[i] = rec, k
	}
	for _, k := range deletes {
		if err := checkKey(k); err != nil {
			return fmt.Errorf("memory: batch write: delete: %w", err)
		}
		if err := claim(k); err != nil {
			return err
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, rec := range recs {
		t.items.put(keys[i], rec)
	}
	for _, k := range deletes {
		t.items.delete(k)
	}
	return nil
}
