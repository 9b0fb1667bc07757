package persistence

import (
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// DebounceBuffer is a phone's debounce buffer as older releases stored it:
// the turns received since the last flush (see DebounceBuffers).
type DebounceBuffer struct {
	PhoneNumber string               `dynamodbav:"phone_number" json:"phone_number"`
	Turns       []domain.InboundTurn `dynamodbav:"turns" json:"turns"`
}

// Key is where the buffer is stored.
func (b DebounceBuffer) Key() Key { return Key{PK: DebouncePK(b.PhoneNumber), SK: BufferSK} }

// EncodeBuffer returns the stored item of b, keys included.
func EncodeBuffer(b DebounceBuffer) (Item, error) {
	if b.Turns == nil {
		b.Turns = []domain.InboundTurn{}
	}
	item, err := encodeRecord(b)
	if err != nil {
		return nil, fmt.Errorf("persistence: encode debounce buffer: %w", err)
	}
	return withKeys(item, b.Key()), nil
}

// DecodeBuffer reads a stored buffer item; a missing list reads empty.
func DecodeBuffer(item Item) (DebounceBuffer, error) {
	var b DebounceBuffer
	if err := decodeRecord(item, &b); err != nil {
		return DebounceBuffer{}, fmt.Errorf("persistence: decode debounce buffer: %w", err)
	}
	if b.Turns == nil {
		b.Turns = []domain.InboundTurn{}
	}
	for i := range b.Turns {
		b.Turns[i].Normalize()
	}
	return b, nil
}
