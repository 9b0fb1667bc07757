package admin

import (
	"sync"
	"time"

	"github.com/intake-runtime/intake/internal/redact"
	"go.uber.org/zap"
)

// Wrong admin keys are counted per client address in fixed windows: past
// keyFailLimit wrong or missing keys in keyFailWindow, the address is
// answered 429 until its window ends, whatever key it sends. A machine with
// the right key never gets there; a guesser gets keyFailLimit tries a
// minute, which with a key of 24 characters or more (serve refuses a
// shorter one) is no attack at all.
const (
	keyFailLimit  = 10
	keyFailWindow = time.Minute
	// keyFailSweep is the number of remembered addresses past which the
	// windows already over are forgotten.
	keyFailSweep = 1024
)

// keyThrottle counts wrong admin keys per address. It is per node: a
// guesser spread over n nodes gets n times the tries, still nothing
// against the key's length.
type keyThrottle struct {
	now   func() time.Time
	log   *zap.Logger
	count func(reason string) // nil counts nothing

	mu      sync.Mutex
	windows map[string]*keyWindow
}

type keyWindow struct {
	start time.Time
	fails int
}

func newKeyThrottle(now func() time.Time, log *zap.Logger, count func(reason string)) *keyThrottle {
	return &keyThrottle{now: now, log: log, count: count, windows: map[string]*keyWindow{}}
}

// blocked reports how long addr still waits; 0 when it may try a key.
func (k *keyThrottle) blocked(addr string) time.Duration {
	k.mu.Lock()
	defer k.mu.Unlock()
	w, ok := k.windows[addr]
	if !ok || w.fails < keyFailLimit {
		return 0
	}
	return max(w.start.Add(keyFailWindow).Sub(k.now()), 0)
}

// fail counts a refused key from addr, in the metrics too, and logs it at
// warn: each of the first keyFailLimit of a window, then one line when the
// address starts waiting, so a flood writes a bounded number of lines. The
// key is never logged, only why it was refused.
func (k *keyThrottle) fail(addr, reason, path string) {
	if k.count != nil {
		k.count(reason)
	}
	now := k.now()
	k.mu.Lock()
	if len(k.windows) >= keyFailSweep {
		for a, w := range k.windows {
			if !now.Before(w.start.Add(keyFailWindow)) {
				delete(k.windows, a)
			}
		}
	}
	w, ok := k.windows[addr]
	if !ok || !now.Before(w.start.Add(keyFailWindow)) {
		w = &keyWindow{start: now}
		k.windows[addr] = w
	}
	w.fails++
	fails := w.fails
	k.mu.Unlock()
	switch {
	case fails < keyFailLimit:
		k.log.Warn("admin API key refused", zap.String("source", addr), zap.String("reason", reason), zap.String("path", redact.Phones(path)), zap.Int("refusals_this_minute", fails))
	case fails == keyFailLimit:
		k.log.Warn("admin API key refused; address throttled", zap.String("source", addr), zap.String("reason", reason), zap.String("path", redact.Phones(path)),
			zap.Int("refusals_this_minute", fails), zap.Duration("throttled_for", keyFailWindow))
	}
}
