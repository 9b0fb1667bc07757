package persistence

import "fmt"

// DebounceBuffer is a phone's debounce buffer: the turns received since the
// last flush. The session actor persists it on every change so a crash loses
// no customer message.
type DebounceBuffer struct {
	PhoneNumber string        `dynamodbav:"phone_number" json:"phone_number"`
	Turns       []InboundTurn `dynamodbav:"turns" json:"turns"`
}

// Key is where the buffer is stored.
func (b DebounceBuffer) Key() Key { return Key{PK: DebouncePK(b.PhoneNumber), SK: BufferSK} }

// EncodeBuffer returns the stored item of b, keys included.
func EncodeBuffer(b DebounceBuffer) (Item, error) {
	if b.Turns == nil {
		b.Turns = []InboundTurn{}
	}
	item, err := encodeRecord(b)
	if err != nil {
		return nil, fmt.Errorf("persistence: encode debounce buffer: %w", err)
	}
	// Every non-empty buffer is listed in its phone's shard of the buffer
	// index, so a starting node finds the turns a crash left unanswered
	// without scanning the table.
	withIndex(item, workIndexPK(WorkBuffer, b.PhoneNumber), b.PhoneNumber)
	return withKeys(item, b.Key()), nil
}

// DecodeBuffer reads a stored buffer item; a missing list reads empty.
func DecodeBuffer(item Item) (DebounceBuffer, error) {
	var b DebounceBuffer
	if err := decodeRecord(item, &b); err != nil {
		return DebounceBuffer{}, fmt.Errorf("persistence: decode debounce buffer: %w", err)
	}
	if b.Turns == nil {
		b.Turns = []InboundTurn{}
	}
	for i := range b.Turns {
		b.Turns[i].normalize()
	}
	return b, nil
}
