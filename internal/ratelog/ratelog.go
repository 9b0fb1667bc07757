// Package ratelog writes a failure that repeats, such as every request
// made during a table outage, once per interval per cause with how often
// it happened, instead of once per attempt: a minute's outage is then a
// handful of lines that say how long it lasted and what it cost, not
// thousands that bury everything else and fill the log store.
package ratelog

import (
	"sync"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// Every is the interval of the services' limiters: an alert on error lines
// still fires within seconds of an outage, and a minute of it is six lines
// per cause.
const Every = 10 * time.Second

// Limiter lets one line per cause through every interval and counts the
// others into the next line it lets through. A cause is usually the line's
// message, a constant of the code that logs it; the protoactor log handler
// adds the remote endpoint, so a limiter holds at most maxCauses and then
// forgets the quiet ones. It is safe for concurrent use; a nil Limiter
// writes every line.
type Limiter struct {
	every time.Duration
	now   func() time.Time

	mu   sync.Mutex
	seen map[string]*window
}

// window is what a cause did since its last line: when that line was
// written, and how many lines were dropped since.
type window struct {
	last    time.Time
	dropped int
}

// maxCauses is how many causes a limiter holds before it forgets the quiet
// ones: a cluster member restarted on a new address is a new cause, and a
// cluster sees a few hundred in a long life, not thousands.
const maxCauses = 1000

// New returns a limiter writing one line per cause every interval; now is
// its clock (nil: time.Now).
func New(every time.Duration, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{every: every, now: now, seen: map[string]*window{}}
}

// Error logs the failure msg at error level with err and fields, unless a
// line of msg was written less than the interval ago; then it is counted.
// A line written carries attempts, the failures it stands for (itself and
// those counted since the last line), and in, the time since that line
// (zero for the first).
func (l *Limiter) Error(logger *zap.Logger, msg string, err error, fields ...zap.Field) {
	l.log(logger, zapcore.ErrorLevel, msg, err, fields)
}

// Warn is Error at warn level, for failures that are retried.
func (l *Limiter) Warn(logger *zap.Logger, msg string, err error, fields ...zap.Field) {
	l.log(logger, zapcore.WarnLevel, msg, err, fields)
}

func (l *Limiter) log(logger *zap.Logger, level zapcore.Level, msg string, err error, fields []zap.Field) {
	ok, dropped, in := l.Allow(msg)
	if !ok {
		return
	}
	fields = append(fields, zap.Int("attempts", dropped+1), zap.Duration("in", in), zap.Error(err))
	logger.Log(level, msg, fields...)
}

// Allow reports whether a line of cause is written now and, when it is, how
// many lines of cause were dropped since its last line and how long ago
// that line was (zero for the first).
func (l *Limiter) Allow(cause string) (ok bool, dropped int, since time.Duration) {
	if l == nil {
		return true, 0, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	w, seen := l.seen[cause]
	if !seen {
		if len(l.seen) >= maxCauses {
			l.forget(now)
		}
		l.seen[cause] = &window{last: now}
		return true, 0, 0
	}
	since = now.Sub(w.last)
	if since < l.every {
		w.dropped++
		return false, 0, 0
	}
	dropped = w.dropped
	w.last, w.dropped = now, 0
	return true, dropped, since
}

// forget drops the causes whose interval is over: their next line is
// written anyway, only its count of dropped lines is lost.
func (l *Limiter) forget(now time.Time) {
	for cause, w := range l.seen {
		if now.Sub(w.last) >= l.every {
			delete(l.seen, cause)
		}
	}
}
