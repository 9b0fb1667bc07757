package ratelog_test

import (
	"errors"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/internal/ratelog"
)

// failure is one failure of cause, at an offset from the start.
type failure struct {
	at    time.Duration
	cause string
}

// line is what a written line says.
type line struct {
	msg      string
	attempts int64
	in       time.Duration
}

// steady is n failures of cause, one a second.
func steady(cause string, n int) []failure {
	f := make([]failure, n)
	for s := range f {
		f[s] = failure{time.Duration(s) * time.Second, cause}
	}
	return f
}

// A cause failing at a steady rate is one line when it starts, then one
// line per interval that counts the failures since the line before; each
// cause has its own interval.
func TestOneLinePerCausePerInterval(t *testing.T) {
	tests := []struct {
		name     string
		failures []failure
		want     []line
	}{
		{
			name:     "a failure every second for 25 s",
			failures: steady("table commit failing", 26),
			want: []line{
				{"table commit failing", 1, 0},
				{"table commit failing", 10, 10 * time.Second},
				{"table commit failing", 10, 10 * time.Second},
			},
		},
		{
			name:     "two causes at once",
			failures: []failure{{0, "a"}, {0, "b"}, {time.Second, "a"}, {11 * time.Second, "b"}},
			want:     []line{{"a", 1, 0}, {"b", 1, 0}, {"b", 1, 11 * time.Second}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Unix(1_700_000_000, 0)
			now := start
			l := ratelog.New(10*time.Second, func() time.Time { return now })
			core, logs := observer.New(zap.InfoLevel)
			logger := zap.New(core)
			for _, f := range tt.failures {
				now = start.Add(f.at)
				l.Error(logger, f.cause, errors.New("table down"))
			}
			got := logs.All()
			if len(got) != len(tt.want) {
				t.Fatalf("%d lines, want %d: %+v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				e := got[i]
				fields := e.ContextMap()
				if e.Message != w.msg || e.Level != zapcore.ErrorLevel || fields["attempts"] != w.attempts || fields["in"] != w.in || fields["error"] != "table down" {
					t.Errorf("line %d = %s %q %v, want error %q attempts=%d in=%s", i, e.Level, e.Message, fields, w.msg, w.attempts, w.in)
				}
			}
		})
	}
}

// A nil limiter writes every line.
func TestNilLimiterWritesEveryLine(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	var l *ratelog.Limiter
	for range 3 {
		l.Error(zap.New(core), "x", errors.New("y"))
	}
	if n := logs.Len(); n != 3 {
		t.Errorf("%d lines, want 3", n)
	}
}

// Warn writes at warn level under the same limit.
func TestWarnIsLimitedToo(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	l := ratelog.New(time.Hour, nil)
	for range 5 {
		l.Warn(zap.New(core), "retrying", errors.New("x"))
	}
	if got := logs.All(); len(got) != 1 || got[0].Level != zapcore.WarnLevel {
		t.Errorf("lines = %+v, want one warning", got)
	}
}
