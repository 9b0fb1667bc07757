package persistence

import (
	"context"
	"fmt"
	"time"
)

// Internal notes are what operators write about a conversation for each
// other: never sent to the customer, never in the message log (which the
// model and the customer's replay read). One partition per phone,
// NOTE#<phone> / <session ID>#<time>#<note ID>, read a session at a time.
func notePK(phone string) string { return "NOTE#" + phone }

func notePrefix(sessionID string) string { return sessionID + "#" }

// MaxNotes bounds the notes read back for one conversation.
const MaxNotes = 1000

// Note is one internal note on a conversation.
type Note struct {
	NoteID      string    `dynamodbav:"note_id" json:"id"`
	PhoneNumber string    `dynamodbav:"phone_number" json:"phone_number"`
	SessionID   string    `dynamodbav:"session_id" json:"session_id"`
	Operator    string    `dynamodbav:"operator" json:"operator"`
	Text        string    `dynamodbav:"text" json:"text"`
	At          time.Time `dynamodbav:"at" json:"at"`
}

// Notes stores internal notes. It is safe for concurrent use.
type Notes struct {
	table Table
}

// NewNotes returns the note repository over table.
func NewNotes(table Table) *Notes { return &Notes{table: table} }

// Add stores n; its ID must be unique (the caller makes a random one).
func (r *Notes) Add(ctx context.Context, n Note) error {
	n.At = n.At.UTC()
	item, err := encodeRecord(n)
	if err != nil {
		return fmt.Errorf("persistence: encode note: %w", err)
	}
	key := Key{PK: notePK(n.PhoneNumber), SK: notePrefix(n.SessionID) + FormatTime(n.At) + "#" + n.NoteID}
	if err := r.table.Put(ctx, withKeys(item, key), NotExists(AttrPK).Ptr()); err != nil {
		return fmt.Errorf("persistence: add note: %w", err)
	}
	return nil
}

// List returns the notes of one conversation, oldest first.
func (r *Notes) List(ctx context.Context, phone, sessionID string) ([]Note, error) {
	items, err := queryAll(ctx, r.table, Query{PK: notePK(phone), SKPrefix: notePrefix(sessionID)}, MaxNotes)
	if err != nil {
		return nil, fmt.Errorf("persistence: notes: %w", err)
	}
	return decodeRecords[Note](items, "note")
}
