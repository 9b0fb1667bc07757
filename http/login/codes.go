package login

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"math/big"
	"sync"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Store keeps login codes and wrong-code counters in the table, so that
// every node sees them; *persistence.Logins implements it.
type Store interface {
	PutCode(ctx context.Context, scope persistence.LoginScope, c persistence.LoginCode, replaceBy time.Time) error
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
// The rules: a number has one code at a time, whichever address asked for
// it, and one resend limit: a code is sent at most every ResendAfter, so
// however many addresses ask, the phone gets at most one message in that
// time. The code was sent to the phone, so whoever holds the phone may type
// it from any address. Wrong codes are counted in three scopes: the number
// from one address (MaxFailures), the address whatever the number
// (SourceMaxFailures), and the number whatever the address
// (PhoneMaxFailures, so that many addresses sharing the guessing of one
// number's code still meet a bound). Past its free count a scope waits
// before each next try, ThrottleBase doubling with each further wrong code,
// up to LockFor. The counters are the same whichever surface (console,
// admin pages) the wrong code was typed on: switching surface buys no extra
// tries. Addresses are as Source gives them: IPv6 by /64.
//
// The number's own bound lets a guesser make its owner wait too; it is set
// above the per-address one, and a right code clears it.
type Codes struct {
	store    Store
	rules    Rules
	refusals *refusals
	// issuing serialises the read and the write of a number's code on this
	// node, so concurrent requests for one number send one code: the
	// number's hash picks one of the locks (a fixed set, nothing to grow).
	issuing [64]sync.Mutex
}

// NewCodes returns the code rules over store; rules' zero fields take
// their defaults. Every wrong code is reported to watch.
func NewCodes(store Store, rules Rules, watch Watch) *Codes {
	rules.SetDefaults()
	return &Codes{store: store, rules: rules, refusals: newRefusals(watch)}
}

// TTL is how long an issued code is valid.
func (c *Codes) TTL() time.Duration { return c.rules.CodeTTL }

// Issue returns a fresh code for phone asked from source, or "" when no
// code is to be sent: the number may not log in (allowed false), the
// number or the address is throttled, or a code was sent to the number less
// than ResendAfter ago, from whatever address. The caller answers the same
// in every case. A new code replaces the number's previous one.
func (c *Codes) Issue(ctx context.Context, phone, source string, allowed bool, now time.Time) (string, error) {
	if wait, err := c.throttle(ctx, phone, source, now); err != nil || wait > 0 || !allowed {
		return "", err
	}
	lock := &c.issuing[lockOf(phone, len(c.issuing))]
	lock.Lock()
	defer lock.Unlock()
	prev, err := c.store.Code(ctx, numberScope(phone))
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
	// The previous code is due once expired or ResendAfter old, whichever
	// comes first; the table enforces it, so another node that issued a code
	// for this number meanwhile wins and this request sends none.
	replaceBy := now.Add(max(0, c.rules.CodeTTL-c.rules.ResendAfter))
	switch err := c.store.PutCode(ctx, numberScope(phone), stored, replaceBy); {
	case errors.Is(err, persistence.ErrConflict):
		return "", nil
	case err != nil:
		return "", err
	}
	return code, nil
}

// Verify checks code for phone from source. The same work is done whatever
// the number: the code's hash is computed and compared even when there is
// nothing to compare it with. A throttled number or address is answered
// before the code is looked at; wait is how long it still waits. Every
// verdict but Accepted is reported to the Watch.
func (c *Codes) Verify(ctx context.Context, phone, code, source string, allowed bool, now time.Time) (v Verdict, wait time.Duration, err error) {
	v, wait, err = c.verify(ctx, phone, code, source, allowed, now)
	if err == nil && v != Accepted {
		c.refusals.refused(phone, source, v, now)
	}
	return v, wait, err
}

func (c *Codes) verify(ctx context.Context, phone, code, source string, allowed bool, now time.Time) (Verdict, time.Duration, error) {
	if wait, err := c.throttle(ctx, phone, source, now); err != nil || wait > 0 {
		return Throttled, wait, err
	}
	number := numberScope(phone)
	stored, err := c.store.Code(ctx, number)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return Rejected, 0, err
	}
	live := err == nil && now.Before(stored.ExpiresAt)
	hash := codeHash(stored.Salt, phone, code)
	ok := subtle.ConstantTimeCompare([]byte(hash), []byte(stored.Hash)) == 1 && live && allowed && len(code) == 6
	if ok {
		err := c.store.UseCode(ctx, number, stored.Hash)
		if err == nil {
			if err := c.store.ClearFailures(ctx, persistence.LoginScope{Phone: phone, Source: source}); err != nil {
				return Accepted, 0, err
			}
			return Accepted, 0, c.store.ClearFailures(ctx, number)
		}
		if !errors.Is(err, persistence.ErrConflict) {
			return Rejected, 0, err
		}
		// Another request used the code meanwhile: this one is wrong.
	}
	return c.fail(ctx, phone, source, now)
}

// lockOf picks one of n locks for phone.
func lockOf(phone string, n int) int {
	h := fnv.New32a()
	_, _ = h.Write([]byte(phone)) // a hash.Hash never fails to write
	return int(h.Sum32() % uint32(n))
}

// numberScope is the number whatever the address: its one code, and its
// wrong-code counter across every address.
func numberScope(phone string) persistence.LoginScope { return persistence.LoginScope{Phone: phone} }

// scopes are the counters a wrong code of phone from source counts in, each
// with its free count: the number from the address, the address whatever
// the number, the number whatever the address.
func (c *Codes) scopes(phone, source string) []counter {
	return []counter{
		{persistence.LoginScope{Phone: phone, Source: source}, c.rules.MaxFailures},
		{persistence.LoginScope{Source: source}, c.rules.SourceMaxFailures},
		{numberScope(phone), c.rules.PhoneMaxFailures},
	}
}

// counter is one wrong-code scope and the wrong codes it allows before it
// waits.
type counter struct {
	scope persistence.LoginScope
	free  int
}

// throttle reports how long phone from source must still wait (the longest
// wait of its scopes); 0 when it may try.
func (c *Codes) throttle(ctx context.Context, phone, source string, now time.Time) (time.Duration, error) {
	var wait time.Duration
	for _, s := range c.scopes(phone, source) {
		f, err := c.store.Failures(ctx, s.scope)
		if err != nil {
			return 0, err
		}
		wait = max(wait, f.BlockedUntil.Sub(now))
	}
	return wait, nil
}

// fail counts a wrong code in every scope; the verdict is Throttled when
// that made any of them wait.
func (c *Codes) fail(ctx context.Context, phone, source string, now time.Time) (Verdict, time.Duration, error) {
	var wait time.Duration
	for _, s := range c.scopes(phone, source) {
		f, err := c.store.Fail(ctx, s.scope, now, c.delay(s.free), c.rules.LockFor)
		if err != nil {
			return Rejected, 0, err
		}
		wait = max(wait, f.BlockedUntil.Sub(now))
	}
	if wait > 0 {
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
