package persistence

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Operator console sessions live in the table, so that every node accepts
// them and logout or expiry revokes them everywhere:
// OPSESSION#<SHA-256 of the session ID, hex> / SESSION. The key holds a hash
// of the ID, never the ID itself: whoever reads the table cannot use what
// they read as a cookie.
const operatorSessionSK = "SESSION"

func operatorSessionKey(id string) Key {
	sum := sha256.Sum256([]byte(id))
	return Key{PK: "OPSESSION#" + hex.EncodeToString(sum[:]), SK: operatorSessionSK}
}

// OperatorSession is one logged-in operator console session.
type OperatorSession struct {
	Operator  string    `dynamodbav:"operator"`
	CreatedAt time.Time `dynamodbav:"created_at"`
	ExpiresAt time.Time `dynamodbav:"expires_at"`
	// TTL is ExpiresAt in epoch seconds: the table deletes the item after it.
	TTL int64 `dynamodbav:"ttl"`
}

// OperatorSessions stores operator console sessions by their random IDs. It
// is safe for concurrent use, also from several nodes over one table.
type OperatorSessions struct {
	table Table
}

// NewOperatorSessions returns the operator session repository over table.
func NewOperatorSessions(table Table) *OperatorSessions { return &OperatorSessions{table: table} }

// Create stores s under id; ErrConflict if id is taken (it never is: IDs
// are random).
func (r *OperatorSessions) Create(ctx context.Context, id string, s OperatorSession) error {
	s.CreatedAt, s.ExpiresAt = s.CreatedAt.UTC(), s.ExpiresAt.UTC()
	s.TTL = s.ExpiresAt.Unix()
	item, err := encodeRecord(s)
	if err != nil {
		return fmt.Errorf("persistence: encode operator session: %w", err)
	}
	if err := r.table.Put(ctx, withKeys(item, operatorSessionKey(id)), NotExists(AttrPK).Ptr()); err != nil {
		return fmt.Errorf("persistence: create operator session: %w", err)
	}
	return nil
}

// Get returns the session id names when it exists and has not expired at
// now; ErrNotFound otherwise (the table deletes expired items late).
func (r *OperatorSessions) Get(ctx context.Context, id string, now time.Time) (OperatorSession, error) {
	item, err := r.table.Get(ctx, operatorSessionKey(id))
	if err != nil {
		return OperatorSession{}, fmt.Errorf("persistence: operator session: %w", err)
	}
	var s OperatorSession
	if err := decodeRecord(item, &s); err != nil {
		return OperatorSession{}, fmt.Errorf("persistence: decode operator session: %w", err)
	}
	if !now.Before(s.ExpiresAt) {
		return OperatorSession{}, fmt.Errorf("persistence: operator session expired: %w", ErrNotFound)
	}
	return s, nil
}

// Revoke deletes the session id names; revoking an absent one succeeds.
func (r *OperatorSessions) Revoke(ctx context.Context, id string) error {
	if err := r.table.Delete(ctx, operatorSessionKey(id), nil); err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("persistence: revoke operator session: %w", err)
	}
	return nil
}
