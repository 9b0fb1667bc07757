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
	NoteID      string `dynamodbav:"note_id" json:"id"`
	PhoneNumber string `dynamodbav:"phone_number" json:"phone_number"`
	SessionID   string `dynamodbav:"session_id" json:"session_id"`
	Operator    string `dynamodbav:"operator" json:"operator"`
	// Customer marks the customer's own comment after a satisfaction score
	// (Operator is then empty); notes of older releases read without it.
	Customer bool      `dynamodbav:"customer,omitempty" json:"customer,omitempty"`
	Text     string    `dynamodbav:"text" json:"text"`
	At       time.Time `dynamodbav:"at" json:"at"`
}

// Notes stores internal notes. It is safe for concurrent use.
type Notes struct {
	table Table
}

// NewNotes returns the note repository over table.
func NewNotes(table Table) *Notes { return &Notes{table: table} }

// Add stores n; its ID must be unique (the caller makes a random one).
func (r *Notes) Add(ctx context.Context, n Note) error {
	item, err := noteItem(n)
	if err != nil {
		return err
	}
	if err := r.table.Put(ctx, item, NotExists(AttrPK).Ptr()); err != nil {
		return fmt.Errorf("persistence: add note: %w", err)
	}
	return nil
}

// NoteTx is the write of note n inside a turn's transaction (TurnCommit.Extra):
// a customer's comment after a satisfaction score reaches the operators
// with the turn that logs it. Its ID is fresh for each commit built, so it
// needs no condition.
func NoteTx(n Note) (TxWrite, error) {
	item, err := noteItem(n)
	if err != nil {
		return TxWrite{}, err
	}
	return PutTx(item, nil), nil
}

func noteItem(n Note) (Item, error) {
	n.At = n.At.UTC()
	item, err := encodeRecord(n)
	if err != nil {
		return nil, fmt.Errorf("persistence: encode note: %w", err)
	}
	key := Key{PK: notePK(n.PhoneNumber), SK: notePrefix(n.SessionID) + FormatTime(n.At) + "#" + n.NoteID}
	return withKeys(item, key), nil
}

// List returns the notes of one conversation, oldest first.
func (r *Notes) List(ctx context.Context, phone, sessionID string) ([]Note, error) {
	items, err := queryAll(ctx, r.table, Query{PK: notePK(phone), SKPrefix: notePrefix(sessionID)}, MaxNotes)
	if err != nil {
		return nil, fmt.Errorf("persistence: notes: %w", err)
	}
	return decodeRecords[Note](items, "note")
}
