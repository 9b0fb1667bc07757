package atendimento

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

// LoginStore keeps login codes and wrong-code counters in the table, so that
// every node sees them; *persistence.Logins implements it.
type LoginStore interface {
	PutCode(ctx context.Context, scope persistence.LoginScope, c persistence.LoginCode) error
	Code(ctx context.Context, scope persistence.LoginScope) (persistence.LoginCode, error)
	UseCode(ctx context.Context, scope persistence.LoginScope, hash string) error
	Failures(ctx context.Context, scope persistence.LoginScope) (persistence.LoginFailures, error)
	Fail(ctx context.Context, scope persistence.LoginScope, now time.Time, block func(count int) time.Duration, keep time.Duration) (persistence.LoginFailures, error)
	ClearFailures(ctx context.Context, scope persistence.LoginScope) error
}

// verdict is the outcome of a code check.
type verdict int

const (
	rejected  verdict = iota // wrong, expired, or no code for the number
	accepted                 // the code is right: log in
	throttled                // too many wrong codes: this address waits
)

// The login rules. A code is sent for one number and one source address,
// and only that address can use it: what another address does (asking for
// codes, trying wrong ones) never replaces, voids or blocks it. Wrong codes
// are counted per number and address, and per address whatever the number;
// past MaxFailures (SourceMaxFailures) in a scope, that scope waits before
// each next try, ThrottleBase doubling with each further wrong code, up to
// LockFor. An attacker who guesses at an operator's number thus slows only
// themself, and one who sprays many numbers is slowed across all of them.

// issue returns a fresh code for an operator's number asked from source, or
// "" when no code is to be sent: the number is not an operator's, the
// address is throttled, or a code sent to it less than ResendAfter ago is
// still valid. The caller answers the same in every case.
func (c *Console) issue(ctx context.Context, phone, source string, operator bool, now time.Time) (string, error) {
	scope := persistence.LoginScope{Phone: phone, Source: source}
	if wait, err := c.throttle(ctx, scope, now); err != nil || wait > 0 || !operator {
		return "", err
	}
	prev, err := c.deps.Logins.Code(ctx, scope)
	switch {
	case err == nil && now.Before(prev.ExpiresAt) && now.Sub(prev.IssuedAt) < c.cfg.ResendAfter:
		return "", nil
	case err != nil && !errors.Is(err, persistence.ErrNotFound):
		return "", err
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("atendimento: draw a login code: %w", err)
	}
	code := fmt.Sprintf("%06d", n.Int64())
	salt := make([]byte, 16)
	_, _ = rand.Read(salt) // crypto/rand.Read never fails on supported platforms
	stored := persistence.LoginCode{Salt: hex.EncodeToString(salt), IssuedAt: now, ExpiresAt: now.Add(c.cfg.CodeTTL)}
	stored.Hash = codeHash(stored.Salt, phone, code)
	if err := c.deps.Logins.PutCode(ctx, scope, stored); err != nil {
		return "", err
	}
	return code, nil
}

// verify checks code for phone from source. The same work is done whatever
// the number: the code's hash is computed and compared even when there is
// nothing to compare it with. A throttled scope is answered before the code
// is looked at; wait is how long it still waits.
func (c *Console) verify(ctx context.Context, phone, code, source string, operator bool, now time.Time) (v verdict, wait time.Duration, err error) {
	scope := persistence.LoginScope{Phone: phone, Source: source}
	if wait, err := c.throttle(ctx, scope, now); err != nil || wait > 0 {
		return throttled, wait, err
	}
	stored, err := c.deps.Logins.Code(ctx, scope)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return rejected, 0, err
	}
	live := err == nil && now.Before(stored.ExpiresAt)
	hash := codeHash(stored.Salt, phone, code)
	ok := subtle.ConstantTimeCompare([]byte(hash), []byte(stored.Hash)) == 1 && live && operator && len(code) == 6
	if ok {
		err := c.deps.Logins.UseCode(ctx, scope, stored.Hash)
		if err == nil {
			return accepted, 0, c.deps.Logins.ClearFailures(ctx, scope)
		}
		if !errors.Is(err, persistence.ErrConflict) {
			return rejected, 0, err
		}
		// Another request used the code meanwhile: this one is wrong.
	}
	return c.fail(ctx, scope, now)
}

// throttle reports how long the scope (the number from the address, and the
// address whatever the number) must still wait; 0 when it may try.
func (c *Console) throttle(ctx context.Context, scope persistence.LoginScope, now time.Time) (time.Duration, error) {
	var wait time.Duration
	for _, s := range []persistence.LoginScope{scope, {Source: scope.Source}} {
		f, err := c.deps.Logins.Failures(ctx, s)
		if err != nil {
			return 0, err
		}
		wait = max(wait, f.BlockedUntil.Sub(now))
	}
	return wait, nil
}

// fail counts a wrong code in both scopes; the verdict is throttled when
// that made either wait.
func (c *Console) fail(ctx context.Context, scope persistence.LoginScope, now time.Time) (verdict, time.Duration, error) {
	pair, err := c.deps.Logins.Fail(ctx, scope, now, c.delay(c.cfg.MaxFailures), c.cfg.LockFor)
	if err != nil {
		return rejected, 0, err
	}
	source, err := c.deps.Logins.Fail(ctx, persistence.LoginScope{Source: scope.Source}, now, c.delay(c.cfg.SourceMaxFailures), c.cfg.LockFor)
	if err != nil {
		return rejected, 0, err
	}
	if wait := max(pair.BlockedUntil.Sub(now), source.BlockedUntil.Sub(now)); wait > 0 {
		return throttled, wait, nil
	}
	return rejected, 0, nil
}

// delay is the growing wait after the count-th wrong code of a scope that
// allows free wrong codes: none before free, then ThrottleBase doubled for
// each further one, at most LockFor.
func (c *Console) delay(free int) func(count int) time.Duration {
	return func(count int) time.Duration {
		if count < free {
			return 0
		}
		d := c.cfg.ThrottleBase
		for range count - free {
			if d >= c.cfg.LockFor {
				break
			}
			d *= 2
		}
		return min(d, c.cfg.LockFor)
	}
}

// codeHash is what is stored of a code: SHA-256 over a random salt, the
// number and the code. (Six digits are no secret against whoever reads the
// table; the hash keeps them out of dumps and backups.)
func codeHash(salt, phone, code string) string {
	sum := sha256.Sum256([]byte(salt + "|" + phone + "|" + code))
	return hex.EncodeToString(sum[:])
}
