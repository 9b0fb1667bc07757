package persistence

import (
	"context"
	"errors"
	"fmt"
)

// ClearPhone deletes every item of the phone's SESSION# partition (sessions,
// active pointer, message log) and its debounce buffer, and returns how many
// items it deleted (spec POST /dashboard/clear-chat). CRM projections,
// demands, receipts and other phones are left alone, as the spec scopes it.
func (r *Sessions) ClearPhone(ctx context.Context, phone string) (int, error) {
	items, err := queryAll(ctx, r.table, Query{PK: SessionPK(phone)}, 0)
	if err != nil {
		return 0, fmt.Errorf("persistence: clear chat: %w", err)
	}
	keys := make([]Key, 0, len(items)+1)
	for _, item := range items {
		keys = append(keys, KeyOf(item))
	}
	buffer := Key{PK: DebouncePK(phone), SK: BufferSK}
	switch _, err := r.table.Get(ctx, buffer); {
	case err == nil:
		keys = append(keys, buffer)
	case !errors.Is(err, ErrNotFound):
		return 0, fmt.Errorf("persistence: clear chat: %w", err)
	}
	if len(keys) == 0 {
		return 0, nil
	}
	if err := r.table.BatchWrite(ctx, nil, keys); err != nil {
		return 0, fmt.Errorf("persistence: clear chat: %w", err)
	}
	return len(keys), nil
}
