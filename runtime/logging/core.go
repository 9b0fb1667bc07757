package logging

import (
	"bytes"
	"encoding/json"

	"go.uber.org/zap/zapcore"
)

// ringCore is the zapcore.Core that feeds a Ring. It renders only the
// fields with a JSON encoder whose entry keys are all empty; time, level,
// name, message and caller go to Entry's own fields.
type ringCore struct {
	zapcore.LevelEnabler
	ring *Ring
	enc  zapcore.Encoder
}

func newRingCore(ring *Ring, level zapcore.LevelEnabler) *ringCore {
	return &ringCore{
		LevelEnabler: level,
		ring:         ring,
		enc: zapcore.NewJSONEncoder(zapcore.EncoderConfig{
			EncodeTime:     zapcore.RFC3339NanoTimeEncoder,
			EncodeDuration: zapcore.StringDurationEncoder,
			SkipLineEnding: true,
		}),
	}
}

// With keeps the logger's fields in a cloned encoder, as zap's own cores do.
func (c *ringCore) With(fields []zapcore.Field) zapcore.Core {
	enc := c.enc.Clone()
	for _, f := range fields {
		f.AddTo(enc)
	}
	return &ringCore{LevelEnabler: c.LevelEnabler, ring: c.ring, enc: enc}
}

func (c *ringCore) Check(ent zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(ent.Level) {
		return ce.AddCore(ent, c)
	}
	return ce
}

func (c *ringCore) Write(ent zapcore.Entry, fields []zapcore.Field) error {
	buf, err := c.enc.EncodeEntry(ent, fields)
	if err != nil {
		return err
	}
	defer buf.Free()
	e := Entry{
		Time:    ent.Time,
		Level:   ent.Level,
		Logger:  ent.LoggerName,
		Message: ent.Message,
		Stack:   ent.Stack,
		Fields:  json.RawMessage(bytes.Clone(buf.Bytes())),
	}
	if ent.Caller.Defined {
		e.Caller = ent.Caller.TrimmedPath()
	}
	c.ring.add(e)
	return nil
}

// Sync has nothing to flush: entries are in memory as soon as Write returns.
func (c *ringCore) Sync() error { return nil }
