package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Operator console logins keep their state in the table, so that every node
// sees the same codes and counters:
//
//	LOGIN#<phone> / CODE#<source>   the code sent for a login from one address (its hash)
//	LOGIN#<phone> / FAIL#<source>   wrong codes for the number from one address
//	LOGINSRC#<source> / FAIL        wrong codes from one address, any number
//
// Codes and counters are per address: what one address does (asking for
// codes, trying wrong ones) never replaces, voids or blocks the login of the
// operator at another. Every item carries a ttl, so an abandoned login
// leaves nothing behind. The rules (how many failures, which delays) are the
// console's; this file only keeps the facts.
const (
	loginCodeFor = "CODE#"
	loginFailSK  = "FAIL"
	loginFailFor = "FAIL#"
)

// LoginCode is an outstanding login code: a salted hash of it, never the
// code itself.
type LoginCode struct {
	Salt      string    `dynamodbav:"salt"`
	Hash      string    `dynamodbav:"hash"`
	IssuedAt  time.Time `dynamodbav:"issued_at"`
	ExpiresAt time.Time `dynamodbav:"expires_at"`
	TTL       int64     `dynamodbav:"ttl"`
}

// LoginScope names a login's wrong-code counter: of a number from one
// address; with Phone empty, of one address whatever the number; with
// Source empty, of a number whatever the address, which is also where the
// number's one code is kept.
type LoginScope struct {
	Phone  string
	Source string
}

func (s LoginScope) key() Key {
	if s.Phone == "" {
		return Key{PK: "LOGINSRC#" + s.Source, SK: loginFailSK}
	}
	return Key{PK: "LOGIN#" + s.Phone, SK: loginFailFor + s.Source}
}

// LoginFailures is a wrong-code counter: how many, and until when the scope
// may not try again.
type LoginFailures struct {
	Count        int       `dynamodbav:"failures"`
	BlockedUntil time.Time `dynamodbav:"blocked_until,omitempty"`
	TTL          int64     `dynamodbav:"ttl"`
}

// Logins stores login codes and wrong-code counters. It is safe for
// concurrent use, also from several nodes over one table.
type Logins struct {
	table Table
}

// NewLogins returns the login repository over table.
func NewLogins(table Table) *Logins { return &Logins{table: table} }

func (s LoginScope) codeKey() Key { return Key{PK: "LOGIN#" + s.Phone, SK: loginCodeFor + s.Source} }

// PutCode stores c as the scope's outstanding code. A previous code is
// replaced only when it expires at or before replaceBy; otherwise nothing
// is stored and the error is ErrConflict. The condition is the table's, so
// of requests racing for one number on several nodes, one stores a code.
func (l *Logins) PutCode(ctx context.Context, scope LoginScope, c LoginCode, replaceBy time.Time) error {
	c.IssuedAt, c.ExpiresAt = c.IssuedAt.UTC(), c.ExpiresAt.UTC()
	c.TTL = c.ExpiresAt.Unix()
	item, err := encodeRecord(c)
	if err != nil {
		return fmt.Errorf("persistence: encode login code: %w", err)
	}
	due := Or(NotExists(AttrPK), Less(AttrTTL, replaceBy.Unix()+1))
	if err := l.table.Put(ctx, withKeys(item, scope.codeKey()), &due); err != nil {
		return fmt.Errorf("persistence: store login code: %w", err)
	}
	return nil
}

// Code returns the scope's outstanding code; ErrNotFound when there is none.
func (l *Logins) Code(ctx context.Context, scope LoginScope) (LoginCode, error) {
	item, err := l.table.Get(ctx, scope.codeKey())
	if err != nil {
		return LoginCode{}, fmt.Errorf("persistence: login code: %w", err)
	}
	var c LoginCode
	if err := decodeRecord(item, &c); err != nil {
		return LoginCode{}, fmt.Errorf("persistence: decode login code: %w", err)
	}
	return c, nil
}

// UseCode deletes the scope's code if it is still the one hashed to hash: a
// code logs in once. ErrConflict when another login used it (or a new code
// replaced it) meanwhile.
func (l *Logins) UseCode(ctx context.Context, scope LoginScope, hash string) error {
	if err := l.table.Delete(ctx, scope.codeKey(), Equal("hash", hash).Ptr()); err != nil {
		return fmt.Errorf("persistence: use login code: %w", err)
	}
	return nil
}

// Failures reads the counter of scope; the zero value when it has none.
func (l *Logins) Failures(ctx context.Context, scope LoginScope) (LoginFailures, error) {
	item, err := l.table.Get(ctx, scope.key())
	if errors.Is(err, ErrNotFound) {
		return LoginFailures{}, nil
	}
	if err != nil {
		return LoginFailures{}, fmt.Errorf("persistence: login failures: %w", err)
	}
	var f LoginFailures
	if err := decodeRecord(item, &f); err != nil {
		return LoginFailures{}, fmt.Errorf("persistence: decode login failures: %w", err)
	}
	return f, nil
}

// Fail counts one more wrong code in scope, atomically across nodes, and
// blocks the scope until now + block(count) when that is positive. The
// counter is kept until keep after its last failure (or block).
func (l *Logins) Fail(ctx context.Context, scope LoginScope, now time.Time, block func(count int) time.Duration, keep time.Duration) (LoginFailures, error) {
	item, err := l.table.Update(ctx, scope.key(), Update{Add: map[string]int64{"failures": 1}}, nil)
	if err != nil {
		return LoginFailures{}, fmt.Errorf("persistence: count login failure: %w", err)
	}
	var f LoginFailures
	if err := decodeRecord(item, &f); err != nil {
		return LoginFailures{}, fmt.Errorf("persistence: decode login failures: %w", err)
	}
	set := map[string]any{}
	if d := block(f.Count); d > 0 {
		f.BlockedUntil = now.Add(d).UTC()
		set["blocked_until"] = FormatTime(f.BlockedUntil)
		keep += d
	}
	f.TTL = now.Add(keep).Unix()
	set[AttrTTL] = f.TTL
	if _, err := l.table.Update(ctx, scope.key(), Update{Set: set}, nil); err != nil {
		return LoginFailures{}, fmt.Errorf("persistence: block login scope: %w", err)
	}
	return f, nil
}

// ClearFailures forgets the counter of scope (after a good code).
func (l *Logins) ClearFailures(ctx context.Context, scope LoginScope) error {
	if err := l.table.Delete(ctx, scope.key(), nil); err != nil {
		return fmt.Errorf("persistence: clear login failures: %w", err)
	}
	return nil
}
