package persistence

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Saved replies are the operators' ready answers, typed as /code in the
// console's reply box and managed by admins: one partition,
// SAVEDREPLY / CODE#<code>, small enough to read whole.
const (
	savedReplyPK       = "SAVEDREPLY"
	savedReplySKPrefix = "CODE#"
)

// MaxSavedReplies bounds the list read back; admins keep a few dozen.
const MaxSavedReplies = 500

// SavedReply is one ready answer and the short code that inserts it.
type SavedReply struct {
	Code      string    `dynamodbav:"code" json:"code"`
	Text      string    `dynamodbav:"text" json:"text"`
	UpdatedAt time.Time `dynamodbav:"updated_at" json:"updated_at"`
}

// savedReplyCode is what a code may hold: lower-case letters, digits, - and _.
var savedReplyCode = regexp.MustCompile(`^[a-z0-9_-]{1,32}$`)

// ErrBadSavedReply is a saved reply whose code or text is unusable.
var ErrBadSavedReply = errors.New("persistence: a saved reply needs a code of 1 to 32 lower-case letters, digits, - or _ and a text")

// SavedReplyCode normalises a code as typed (with or without its leading
// "/", any case) and reports whether it is valid.
func SavedReplyCode(code string) (string, bool) {
	code = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(code), "/"))
	return code, savedReplyCode.MatchString(code)
}

// SavedReplies stores the saved replies. It is safe for concurrent use.
type SavedReplies struct {
	table Table
}

// NewSavedReplies returns the saved reply repository over table.
func NewSavedReplies(table Table) *SavedReplies { return &SavedReplies{table: table} }

func savedReplyKey(code string) Key { return Key{PK: savedReplyPK, SK: savedReplySKPrefix + code} }

// List returns the saved replies ordered by code.
func (r *SavedReplies) List(ctx context.Context) ([]SavedReply, error) {
	items, err := queryAll(ctx, r.table, Query{PK: savedReplyPK, SKPrefix: savedReplySKPrefix}, MaxSavedReplies)
	if err != nil {
		return nil, fmt.Errorf("persistence: saved replies: %w", err)
	}
	return decodeRecords[SavedReply](items, "saved reply")
}

// Put creates or replaces the saved reply of s.Code; ErrBadSavedReply when
// the code or the text is unusable.
func (r *SavedReplies) Put(ctx context.Context, s SavedReply) (SavedReply, error) {
	code, ok := SavedReplyCode(s.Code)
	s.Text = strings.TrimSpace(s.Text)
	if !ok || s.Text == "" {
		return SavedReply{}, ErrBadSavedReply
	}
	s.Code, s.UpdatedAt = code, s.UpdatedAt.UTC()
	item, err := encodeRecord(s)
	if err != nil {
		return SavedReply{}, fmt.Errorf("persistence: encode saved reply: %w", err)
	}
	if err := r.table.Put(ctx, withKeys(item, savedReplyKey(code)), nil); err != nil {
		return SavedReply{}, fmt.Errorf("persistence: put saved reply: %w", err)
	}
	return s, nil
}

// Delete removes the saved reply of code; ErrNotFound when there is none.
func (r *SavedReplies) Delete(ctx context.Context, code string) error {
	code, _ = SavedReplyCode(code)
	err := r.table.Delete(ctx, savedReplyKey(code), Exists(AttrPK).Ptr())
	switch {
	case errors.Is(err, ErrConflict):
		return fmt.Errorf("persistence: saved reply %q: %w", code, ErrNotFound)
	case err != nil:
		return fmt.Errorf("persistence: delete saved reply: %w", err)
	}
	return nil
}
