package persistence

import (
	"context"
	"errors"
	"fmt"
)

// DebounceBuffers stores each phone's debounce buffer. Only the phone's
// session actor writes it, one turn at a time, so writes are unconditional.
// It is safe for concurrent use.
type DebounceBuffers struct {
	table Table
}

// NewDebounceBuffers returns the debounce buffer repository over table.
func NewDebounceBuffers(table Table) *DebounceBuffers { return &DebounceBuffers{table: table} }

// Load returns the buffered turns of the phone, oldest first; none when the
// phone has no buffer.
func (r *DebounceBuffers) Load(ctx context.Context, phone string) ([]InboundTurn, error) {
	item, err := r.table.Get(ctx, DebounceBuffer{PhoneNumber: phone}.Key())
	if errors.Is(err, ErrNotFound) {
		return []InboundTurn{}, nil
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

// Save replaces the phone's buffer with turns. Saving no turns clears it, so
// an empty buffer never lingers as an item.
func (r *DebounceBuffers) Save(ctx context.Context, phone string, turns []InboundTurn) error {
	if len(turns) == 0 {
		return r.Clear(ctx, phone)
	}
	item, err := EncodeBuffer(DebounceBuffer{PhoneNumber: phone, Turns: turns})
	if err != nil {
		return err
	}
	if err := r.table.Put(ctx, item, nil); err != nil {
		return fmt.Errorf("persistence: save debounce buffer: %w", err)
	}
	return nil
}

// Clear deletes the phone's buffer, after a flush; clearing an absent buffer
// succeeds.
func (r *DebounceBuffers) Clear(ctx context.Context, phone string) error {
	if err := r.table.Delete(ctx, DebounceBuffer{PhoneNumber: phone}.Key(), nil); err != nil {
		return fmt.Errorf("persistence: clear debounce buffer: %w", err)
	}
	return nil
}

// Phones lists the phones whose buffer holds turns: after a crash or a stop,
// their conversations have customer messages nobody answered yet.
func (r *DebounceBuffers) Phones(ctx context.Context) ([]string, error) {
	items, err := queryShards(ctx, r.table, WorkBuffer, "")
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
