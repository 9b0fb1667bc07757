package runtime

import (
	"context"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/runtime/logging"
)

// WithLogRing returns logger marked as feeding ring (both from
// logging.New), for New: the dashboard shows and streams that ring. Pass the
// returned logger to New; a logger without the mark leaves the dashboard's
// logs panel saying there is no buffer.
//
//	logger, ring, err := logging.New(opts)
//	app, err := runtime.New(ctx, cfg, runtime.WithLogRing(logger, ring), opts)
//
// The mark rides on the logger because New's signature and Options are the
// composition root's; it changes nothing about where entries go.
func WithLogRing(logger *zap.Logger, ring *logging.Ring) *zap.Logger {
	return logger.WithOptions(zap.WrapCore(func(core zapcore.Core) zapcore.Core {
		return &ringMark{Core: core, ring: ring}
	}))
}

// ringMark is a core that writes exactly like the one it wraps and
// remembers the ring the logger feeds.
type ringMark struct {
	zapcore.Core
	ring *logging.Ring
}

// With keeps the mark on loggers derived with fields, so the logger handed
// to New may be a child of the marked one.
func (m *ringMark) With(fields []zapcore.Field) zapcore.Core {
	return &ringMark{Core: m.Core.With(fields), ring: m.ring}
}

// logRingOf returns the ring WithLogRing marked logger with, or nil.
func logRingOf(logger *zap.Logger) *logging.Ring {
	if m, ok := logger.Core().(*ringMark); ok {
		return m.ring
	}
	return nil
}

// ringLogs adapts a logging.Ring to dashboard.Logs: the dashboard must not
// import runtime packages, so entries are copied into its own type.
type ringLogs struct{ ring *logging.Ring }

var _ dashboard.Logs = ringLogs{}

func (r ringLogs) Snapshot() []dashboard.LogEntry {
	held := r.ring.Snapshot()
	out := make([]dashboard.LogEntry, len(held))
	for i, e := range held {
		out[i] = dashboardEntry(e)
	}
	return out
}

// Subscribe forwards the ring's stream until ctx is done. Like the ring, it
// drops entries for a reader that falls behind rather than slow logging.
func (r ringLogs) Subscribe(ctx context.Context) <-chan dashboard.LogEntry {
	in := r.ring.Subscribe(ctx)
	out := make(chan dashboard.LogEntry, cap(in))
	go func() {
		defer close(out)
		for e := range in { // the ring closes in when ctx is done
			select {
			case out <- dashboardEntry(e):
			default:
			}
		}
	}()
	return out
}

func (r ringLogs) Clear() { r.ring.Clear() }

func dashboardEntry(e logging.Entry) dashboard.LogEntry {
	return dashboard.LogEntry{
		Seq:     e.Seq,
		Time:    e.Time,
		Level:   e.Level.String(),
		Logger:  e.Logger,
		Message: e.Message,
		Caller:  e.Caller,
		Stack:   e.Stack,
		Fields:  e.Fields,
	}
}
