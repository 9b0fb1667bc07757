package persistence

import "fmt"

// LatestMarker is a phone's "latest" marker: the message IDs its conversation
// held and had not answered when its last turn committed (Turns.Commit writes
// it in that turn's transaction, only when there are any). What is owed an
// answer for sure is in the receipts: those without completed_at.
type LatestMarker struct {
	PhoneNumber       string   `dynamodbav:"phone_number" json:"phone_number"`
	PendingMessageIDs []string `dynamodbav:"pending_message_ids" json:"pending_message_ids"`
	// Version was the read-modify-write guard of older releases, which edited
	// the list in place; it is read and kept, never checked.
	Version int64 `dynamodbav:"version" json:"version"`
}

// Key is where the marker is stored.
func (m LatestMarker) Key() Key { return Key{PK: LatestPK(m.PhoneNumber), SK: LatestSK} }

// EncodeLatestMarker returns the stored item of m, keys included.
func EncodeLatestMarker(m LatestMarker) (Item, error) {
	if m.PendingMessageIDs == nil {
		m.PendingMessageIDs = []string{}
	}
	item, err := encodeRecord(m)
	if err != nil {
		return nil, fmt.Errorf("persistence: encode latest marker: %w", err)
	}
	return withKeys(item, m.Key()), nil
}

// DecodeLatestMarker reads a stored marker item; a missing list reads empty.
func DecodeLatestMarker(item Item) (LatestMarker, error) {
	var m LatestMarker
	if err := decodeRecord(item, &m); err != nil {
		return LatestMarker{}, fmt.Errorf("persistence: decode latest marker: %w", err)
	}
	if m.PendingMessageIDs == nil {
		m.PendingMessageIDs = []string{}
	}
	return m, nil
}
