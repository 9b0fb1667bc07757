package login

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Store keeps login codes and wrong-code counters in the table, so that
// every node sees them; *persistence.Logins implements it.
type Store interface {
	PutCode(ctx context.Context, scope persistence.LoginScope, c persistence.LoginCode) error
	Code(ctx context.Context, scope persistence.LoginScope) (persistence.LoginCode, error)
	UseCode(ctx context.Context, scope persistence.LoginScope, hash string) error
	Failures(ctx context.Context, scope persistence.LoginScope) (persistence.LoginFailures, error)
	Fail(ctx context.Context, scope persistence.LoginScope, now time.Time, block func(count int) time.Duration, keep time.Duration) (persistence.LoginFailures, error)
	ClearFailures(ctx context.Context, scope persistence.LoginScope) error
}

// Verdict is the outcome of a code check.
type Verdict int

const (
	Rejected  Verdict = iota // wrong, expired, or no code for the number
	Accepted                 // the code is right: log in
	Throttled                // too many wrong codes: this address waits
)

// Codes issues and checks login codes. It is safe for concurrent use.
//
// The rules: a code is sent for one number and one source address, and
// only that address can use it: what another address does (asking for
// codes, trying wrong ones) never replaces, voids or blocks it. Wrong codes
// are counted per number and address, and per address whatever the number;
// past MaxFailures (SourceMaxFailures) in a scope, that scope waits before
// each next try, ThrottleBase doubling with each further wrong code, up to
// LockFor. An attacker who guesses at a number thus slows only themself,
// and one who sprays many numbers is slowed across all of them. The
// counters are the same whichever surface (console, admin pages) the
// wrong code was typed on: switching surface buys no extra tries.
type Codes struct {
	store Store
	rules Rules
}

// NewCodes returns the code rules over store; rules' zero fields take
// their defaults.
func NewCodes(store Store, rules Rules) *Codes {
	rules.SetDefaults()
	return &Codes{store: store, rules: rules}
}

// TTL is how long an issued code is valid.
func (c *Codes) TTL() time.Duration { return c.rules.CodeTTL }

// Issue returns a fresh code for phone asked from source, or "" when no
// code is to be sent: the number may not log in (allowed false), the
// address is throttled, or a code sent to it less than ResendAfter ago is
// still valid. The caller answers the same in every case.
func (c *Codes) Issue(ctx context.Context, phone, source string, allowed bool, now time.Time) (string, error) {
	scope := persistence.LoginScope{Phone: phone, Source: source}
	if wait, err := c.throttle(ctx, scope, now); err != nil || wait > 0 || !allowed {
		return "", err
	}
	prev, err := c.store.Code(ctx, scope)
	switch {
	case err == nil && now.Before(prev.ExpiresAt) && now.Sub(prev.IssuedAt) < c.rules.ResendAfter:
		return "", nil
	case err != nil && !errors.Is(err, persistence.ErrNotFound):
		return "", err
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("login: draw a code: %w", err)
	}
	code := fmt.Sprintf("%06d", n.Int64())
	salt := make([]byte, 16)
	_, _ = rand.Read(salt) // crypto/rand.Read never fails on supported platforms
	stored := persistence.LoginCode{Salt: hex.EncodeToString(salt), IssuedAt: now, ExpiresAt: now.Add(c.rules.CodeTTL)}
	stored.Hash = codeHash(stored.Salt, phone, code)
	if err := c.store.PutCode(ctx, scope, stored); err != nil {
		return "", err
	}
	return code, nil
}

// Verify checks code for phone from source. The same work is done whatever
// the number: the code's hash is computed and compared even when there is
// nothing to compare it with. A throttled scope is answered before the code
// is looked at; wait is how long it still waits.
func (c *Codes) Verify(ctx context.Context, phone, code, source string, allowed bool, now time.Time) (v Verdict, wait time.Duration, err error) {
	scope := persistence.LoginScope{Phone: phone, Source: source}
	if wait, err := c.throttle(ctx, scope, now); err != nil || wait > 0 {
		return Throttled, wait, err
	}
	stored, err := c.store.Code(ctx, scope)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return Rejected, 0, err
	}
	live := err == nil && now.Before(stored.ExpiresAt)
	hash := codeHash(stored.Salt, phone, code)
	ok := subtle.ConstantTimeCompare([]byte(hash), []byte(stored.Hash)) == 1 && live && allowed && len(code) == 6
	if ok {
		err := c.store.UseCode(ctx, scope, stored.Hash)
		if err == nil {
			return Accepted, 0, c.store.ClearFailures(ctx, scope)
		}
		if !errors.Is(err, persistence.ErrConflict) {
			return Rejected, 0, err
		}
		// Another request used the code meanwhile: this one is wrong.
	}
	return c.fail(ctx, scope, now)
}

// throttle reports how long the scope (the number from the address, and the
// address whatever the number) must still wait; 0 when it may try.
func (c *Codes) throttle(ctx context.Context, scope persistence.LoginScope, now time.Time) (time.Duration, error) {
	var wait time.Duration
	for _, s := range []persistence.LoginScope{scope, {Source: scope.Source}} {
		f, err := c.store.Failures(ctx, s)
		if err != nil {
			return 0, err
		}
		wait = max(wait, f.BlockedUntil.Sub(now))
	}
	return wait, nil
}

// fail counts a wrong code in both scopes; the verdict is Throttled when
// that made either wait.
func (c *Codes) fail(ctx context.Context, scope persistence.LoginScope, now time.Time) (Verdict, time.Duration, error) {
	pair, err := c.store.Fail(ctx, scope, now, c.delay(c.rules.MaxFailures), c.rules.LockFor)
	if err != nil {
		return Rejected, 0, err
	}
	source, err := c.store.Fail(ctx, persistence.LoginScope{Source: scope.Source}, now, c.delay(c.rules.SourceMaxFailures), c.rules.LockFor)
	if err != nil {
		return Rejected, 0, err
	}
	if wait := max(pair.BlockedUntil.Sub(now), source.BlockedUntil.Sub(now)); wait > 0 {
		return Throttled, wait, nil
	}
	return Rejected, 0, nil
}

// delay is the growing wait after the count-th wrong code of a scope that
// allows free wrong codes: none before free, then ThrottleBase doubled for
// each further one, at most LockFor.
func (c *Codes) delay(free int) func(count int) time.Duration {
	return func(count int) time.Duration {
		if count < free {
			return 0
		}
		d := c.rules.ThrottleBase
		for range count - free {
			if d >= c.rules.LockFor {
				break
			}
			d *= 2
		}
		return min(d, c.rules.LockFor)
	}
}

// codeHash is what is stored of a code: SHA-256 over a random salt, the
// number and the code. (Six digits are no secret against whoever reads the
// table; the hash keeps them out of dumps and backups.)
func codeHash(salt, phone, code string) string {
	sum := sha256.Sum256([]byte(salt + "|" + phone + "|" + code))
	return hex.EncodeToString(sum[:])
}
