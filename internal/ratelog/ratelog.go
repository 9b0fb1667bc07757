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
// others into the next line it lets through. A cause is the line's message,
// a constant of the code that logs it, so the causes are few and the
// limiter never forgets one. It is safe for concurrent use; a nil Limiter
// writes every line.
type Limiter struct {
	every time.Duration
	now   func() time.Time

	mu   sync.Mutex
	seen map[string]*window
}

// window is what a cause did since its last line: when that line was
// written, and how many failures were not written since.
type window struct {
	last   time.Time
	counts int
}

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
	attempts, in, ok := l.allow(msg)
	if !ok {
		return
	}
	fields = append(fields, zap.Int("attempts", attempts), zap.Duration("in", in), zap.Error(err))
	logger.Log(level, msg, fields...)
}

// allow reports whether a line of cause is written now, with the failures
// it stands for and the time since the cause's last line.
func (l *Limiter) allow(cause string) (int, time.Duration, bool) {
	if l == nil {
		return 1, 0, true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	w, ok := l.seen[cause]
	if !ok {
		l.seen[cause] = &window{last: now}
		return 1, 0, true
	}
	w.counts++
	since := now.Sub(w.last)
	if since < l.every {
		return 0, 0, false
	}
	attempts := w.counts
	w.last, w.counts = now, 0
	return attempts, since, true
}
