package login

import (
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/internal/redact"
)

// Watch is told of every wrong login code, so that a guesser shows in the
// log and in the metrics instead of passing unseen.
type Watch struct {
	// Surface names the login in the log and the metrics ("atendimento",
	// "admin").
	Surface string
	// Log receives a warn line per wrong code, at most refusalLines a
	// minute (then one line saying how many were left out): the number
	// masked, the address, the verdict; never the code. Nil logs nothing.
	Log *zap.Logger
	// Count is called once per wrong code with Surface; nil counts nothing.
	Count func(surface string)
}

// refusalLines bounds the warn lines of wrong codes per minute: a flood of
// guesses writes a few lines and a count, not a line each.
const refusalLines = 20

// refusals logs and counts the wrong codes of one surface.
type refusals struct {
	watch Watch

	mu      sync.Mutex
	window  time.Time // start of the current minute's window
	lines   int       // lines written in it
	skipped int       // refusals left out of the log in it
}

func newRefusals(w Watch) *refusals {
	if w.Log == nil {
		w.Log = zap.NewNop()
	}
	return &refusals{watch: w}
}

// refused reports one wrong code of phone from source.
func (r *refusals) refused(phone, source string, v Verdict, now time.Time) {
	if r.watch.Count != nil {
		r.watch.Count(r.watch.Surface)
	}
	r.mu.Lock()
	var skipped int
	if now.Sub(r.window) >= time.Minute {
		skipped, r.window, r.lines, r.skipped = r.skipped, now, 0, 0
	}
	write := r.lines < refusalLines
	if write {
		r.lines++
	} else {
		r.skipped++
	}
	r.mu.Unlock()
	if skipped > 0 {
		r.watch.Log.Warn("login codes refused and not logged in the last minute", zap.String("surface", r.watch.Surface), zap.Int("not_logged", skipped))
	}
	if write {
		r.watch.Log.Warn("login code refused", zap.String("surface", r.watch.Surface), redact.Phone("phone", phone),
			zap.String("source", source), zap.String("verdict", v.String()))
	}
}

// String names the verdict, for logs.
func (v Verdict) String() string {
	switch v {
	case Accepted:
		return "accepted"
	case Throttled:
		return "throttled"
	default:
		return "rejected"
	}
}
