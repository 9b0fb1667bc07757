package atendimento

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"math/big"
	"sync"
	"time"
)

// verdict is the outcome of a code check.
type verdict int

const (
	rejected verdict = iota // wrong, expired, or no code for the number
	accepted
	locked // too many wrong codes: the number waits out the lock
)

// maxStrangers bounds the login state kept for numbers that are not
// operators (an attacker can invent any number of them). When it is full, a
// new stranger is answered as locked: safe, and the same answer a real
// operator under attack would get.
const maxStrangers = 10_000

// logins keeps the outstanding login code and the wrong-code count of each
// number. Codes are kept as an HMAC under a per-process key, never in clear,
// and compared in constant time. It is safe for concurrent use.
type logins struct {
	cfg *Config
	key []byte

	mu        sync.Mutex
	states    map[string]*loginState
	strangers int
	pruned    time.Time
}

type loginState struct {
	operator    bool
	codeMAC     []byte // nil when no code is outstanding
	issuedAt    time.Time
	expiresAt   time.Time
	failures    int
	lastFailure time.Time
	lockedUntil time.Time
}

func newLogins(cfg *Config) *logins {
	key := make([]byte, 32)
	_, _ = rand.Read(key) // crypto/rand.Read never fails on supported platforms
	return &logins{cfg: cfg, key: key, states: map[string]*loginState{}}
}

// issue returns a fresh code for an operator's number, or "" when no code is
// to be sent: the number is not an operator's, it is locked, or a code sent
// less than ResendAfter ago is still valid. The caller answers the same in
// every case.
func (l *logins) issue(phone string, operator bool, now time.Time) (string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.prune(now)
	st := l.states[phone]
	if st != nil && now.Before(st.lockedUntil) {
		return "", nil
	}
	if !operator {
		return "", nil
	}
	if st != nil && st.codeMAC != nil && now.Before(st.expiresAt) && now.Sub(st.issuedAt) < l.cfg.ResendAfter {
		return "", nil
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("atendimento: draw a login code: %w", err)
	}
	code := fmt.Sprintf("%06d", n.Int64())
	if st == nil {
		st = &loginState{operator: true}
		l.states[phone] = st
	}
	st.codeMAC, st.issuedAt, st.expiresAt = l.mac(code), now, now.Add(l.cfg.CodeTTL)
	return code, nil
}

// verify checks code for phone. The same work is done whatever the number:
// the code's MAC is computed and compared even when there is nothing to
// compare it with. A wrong code counts against the number, operator's or
// not; MaxFailures in a row lock it for LockFor and void its code.
func (l *logins) verify(phone, code string, operator bool, now time.Time) verdict {
	mac := l.mac(code)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.prune(now)
	st := l.states[phone]
	if st != nil && now.Before(st.lockedUntil) {
		return locked
	}
	stored := make([]byte, len(mac))
	live := false
	if st != nil && st.codeMAC != nil {
		stored, live = st.codeMAC, now.Before(st.expiresAt)
	}
	ok := hmac.Equal(mac, stored) && live && operator && len(code) == 6
	if ok {
		delete(l.states, phone)
		return accepted
	}
	if st == nil {
		if !operator && l.strangers >= maxStrangers {
			return locked
		}
		st = &loginState{operator: operator}
		l.states[phone] = st
		if !operator {
			l.strangers++
		}
	}
	st.failures++
	st.lastFailure = now
	if st.failures >= l.cfg.MaxFailures {
		st.failures, st.codeMAC, st.lockedUntil = 0, nil, now.Add(l.cfg.LockFor)
		return locked
	}
	return rejected
}

func (l *logins) mac(code string) []byte {
	h := hmac.New(sha256.New, l.key)
	h.Write([]byte(code))
	return h.Sum(nil)
}

// prune forgets, at most once a minute, the numbers with nothing left to
// remember: no live code, no lock, and no wrong code within LockFor.
func (l *logins) prune(now time.Time) {
	if now.Sub(l.pruned) < time.Minute {
		return
	}
	l.pruned = now
	for phone, st := range l.states {
		if (st.codeMAC == nil || !now.Before(st.expiresAt)) && !now.Before(st.lockedUntil) &&
			now.Sub(st.lastFailure) >= l.cfg.LockFor {
			delete(l.states, phone)
			if !st.operator {
				l.strangers--
			}
		}
	}
}
