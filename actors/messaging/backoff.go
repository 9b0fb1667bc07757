package messaging

import (
	"sync"
	"time"
)

// pairBackoff pauses recipients after the platform's pair rate limit (error
// 131056: too many messages to one customer in a short time). Each consecutive
// 131056 for a recipient doubles its pause, from base up to max; a successful
// send forgets the recipient. It is safe for concurrent use.
type pairBackoff struct {
	base, max time.Duration

	mu     sync.Mutex
	paused map[string]pause
}

type pause struct {
	until  time.Time
	streak int
}

// pruneAbove is the map size above which expired pauses are dropped, so a
// long-running process does not keep one entry per customer ever limited.
const pruneAbove = 256

func newPairBackoff(base, max time.Duration) *pairBackoff {
	return &pairBackoff{base: base, max: max, paused: make(map[string]pause)}
}

// until returns the end of the recipient's pause; zero when it has none.
func (b *pairBackoff) until(recipient string) time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.paused[recipient].until
}

// limited records a 131056 for recipient at now and returns the new pause. A
// streak is forgotten when its last pause ended more than max ago, so a
// customer limited once last week starts again from base.
func (b *pairBackoff) limited(recipient string, now time.Time) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	p := b.paused[recipient]
	if !p.until.IsZero() && now.Sub(p.until) > b.max {
		p.streak = 0
	}
	delay := b.base
	for i := 0; i < p.streak && delay < b.max; i++ {
		delay *= 2
	}
	delay = min(delay, b.max)
	p.streak++
	p.until = now.Add(delay)
	b.paused[recipient] = p
	if len(b.paused) > pruneAbove {
		b.prune(now)
	}
	return delay
}

// succeeded forgets the recipient's pause and streak.
func (b *pairBackoff) succeeded(recipient string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.paused, recipient)
}

func (b *pairBackoff) prune(now time.Time) {
	for r, p := range b.paused {
		if now.Sub(p.until) > b.max {
			delete(b.paused, r)
		}
	}
}
