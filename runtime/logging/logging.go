package logging

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/exp/zapslog"
	"go.uber.org/zap/zapcore"
)

// Format selects how entries are written to Options.Output.
type Format string

const (
	// Console is the human-readable format of the emulator.
	Console Format = "console"
	// JSON is one object per line, for serve and log collectors.
	JSON Format = "json"
)

// DefaultRingCapacity is how many entries the ring keeps when Options leaves
// it zero: enough to scroll back through a few conversations on the
// dashboard, small enough (about a megabyte) to never matter.
const DefaultRingCapacity = 2000

// Options configures New. The zero value logs info and above in the
// console format to stderr and keeps DefaultRingCapacity entries.
type Options struct {
	// Format is Console (the default when empty) or JSON.
	Format Format
	// Level is the minimum level written to both the output and the ring.
	Level zapcore.Level
	// Output receives the encoded entries; nil means os.Stderr. Writes are
	// serialized, so any io.Writer is safe.
	Output io.Writer
	// RingCapacity is how many entries the ring keeps; 0 means DefaultRingCapacity.
	RingCapacity int
}

// New builds the logger and the ring it feeds. Callers should Sync the
// logger before exiting.
func New(opts Options) (*zap.Logger, *Ring, error) {
	enc, err := encoder(opts.Format)
	if err != nil {
		return nil, nil, err
	}
	if opts.RingCapacity < 0 {
		return nil, nil, fmt.Errorf("logging: ring capacity %d is negative", opts.RingCapacity)
	}
	if opts.RingCapacity == 0 {
		opts.RingCapacity = DefaultRingCapacity
	}
	out := opts.Output
	if out == nil {
		out = os.Stderr
	}
	ring := newRing(opts.RingCapacity)
	core := zapcore.NewTee(
		zapcore.NewCore(enc, zapcore.Lock(zapcore.AddSync(out)), opts.Level),
		newRingCore(ring, opts.Level),
	)
	return zap.New(core, zap.AddCaller(), zap.AddStacktrace(zapcore.DPanicLevel)), ring, nil
}

func encoder(f Format) (zapcore.Encoder, error) {
	switch f {
	case Console, "":
		cfg := zap.NewDevelopmentEncoderConfig()
		cfg.EncodeTime = zapcore.TimeEncoderOfLayout("15:04:05.000")
		return zapcore.NewConsoleEncoder(cfg), nil
	case JSON:
		cfg := zap.NewProductionEncoderConfig()
		cfg.EncodeTime = zapcore.TimeEncoderOfLayout(time.RFC3339Nano)
		return zapcore.NewJSONEncoder(cfg), nil
	default:
		return nil, fmt.Errorf("logging: unknown format %q (use %q or %q)", f, Console, JSON)
	}
}

// Slog returns a log/slog logger writing into logger's core, with its name
// and fields, so libraries that log through slog land in the same output and
// ring. protoactor's is Actor, which builds on it.
//
// Like New, it attaches no stack traces at the standard levels: a library's
// error is reported by its message and caller, not by a page of frames. A
// library knows nothing of personal data, so its lines are masked on the
// way (maskedHandler).
func Slog(logger *zap.Logger) *slog.Logger {
	return slog.New(maskedHandler{zapslog.NewHandler(logger.Core(),
		zapslog.WithName(logger.Name()),
		zapslog.WithCaller(true),
		zapslog.AddStacktraceAt(slog.LevelError+1),
	)})
}
