package persistence

import (
	"context"
	"errors"
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// DebounceBuffers reads the debounce buffers older releases kept, one per
// phone, with the turns received since the last flush. Intake no longer
// writes them: a message's receipt keeps it until a turn answers it, and the
// recovery sweep finds those that were not. A conversation that starts takes
// over the turns such a buffer holds, and its next commit deletes it. It is
// safe for concurrent use.
type DebounceBuffers struct {
	table Table
}

// NewDebounceBuffers returns the debounce buffer repository over table.
func NewDebounceBuffers(table Table) *DebounceBuffers { return &DebounceBuffers{table: table} }

// Load returns the buffered turns of the phone, oldest first; none when the
// phone has no buffer.
func (r *DebounceBuffers) Load(ctx context.Context, phone string) ([]domain.InboundTurn, error) {
	item, err := r.table.Get(ctx, DebounceBuffer{PhoneNumber: phone}.Key())
	if errors.Is(err, ErrNotFound) {
		return []domain.InboundTurn{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("persistence: load debounce buffer: %w", err)
	}
	b, err := DecodeBuffer(item)
	if err != nil {
		return nil, err
	}
	return b.Turns, nil
}

// legacyBufferIndexPK is the one gsi1 partition in which older releases
// listed every phone with a buffer.
const legacyBufferIndexPK = "DEBOUNCE"

// Phones lists the phones whose buffer, left by an older release, still
// holds turns: their conversations must start to answer them.
func (r *DebounceBuffers) Phones(ctx context.Context) ([]string, error) {
	items, err := queryIndexAll(ctx, r.table, IndexQuery{GSI1PK: legacyBufferIndexPK}, 0)
	if err != nil {
		return nil, fmt.Errorf("persistence: phones with a debounce buffer: %w", err)
	}
	phones := make([]string, 0, len(items))
	for _, item := range items {
		if phone := stringAttr(item, AttrGSI1SK); phone != "" {
			phones = append(phones, phone)
		}
	}
	return phones, nil
}
