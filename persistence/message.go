package persistence

import (
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// messageKey is where the message is stored.
func messageKey(m domain.Message) Key {
	return Key{PK: SessionPK(m.PhoneNumber), SK: MessageSK(m.SessionID, m.Timestamp, m.MessageID)}
}

// EncodeMessage returns the stored item of m, keys included, with the index
// keys of its one gsi1 entry: the outbox work index while its send is
// unfinished, then the provider-ID index once the platform gave it an ID.
// Attributes its keys or its raw answer hold are left out (compactMessage).
func EncodeMessage(m domain.Message) (Item, error) {
	item, err := encodeMessageRecord(m)
	if err != nil {
		return nil, fmt.Errorf("persistence: encode message %s: %w", m.MessageID, err)
	}
	key := messageKey(m)
	switch {
	case m.Unfinished():
		pk, sk := outboxIndex(m)
		withIndex(item, pk, sk)
	case m.ProviderMessageID != "":
		withIndex(item, ProviderIndexPK(m.ProviderMessageID), key.SK)
	}
	return compactMessage(withKeys(item, key)), nil
}

// DecodeMessage reads a stored message item. An item without a message type
// reads as text, the default type of an inbound payload.
func DecodeMessage(item Item) (domain.Message, error) {
	var m domain.Message
	if err := decodeRecord(expandMessage(item), &m); err != nil {
		return domain.Message{}, fmt.Errorf("persistence: decode message: %w", err)
	}
	if m.MessageType == "" {
		m.MessageType = domain.MessageText
	}
	return m, nil
}
