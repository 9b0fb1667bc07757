package logging_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/intake-runtime/intake/runtime/logging"
)

func newLogger(t *testing.T, opts logging.Options) (*zap.Logger, *logging.Ring) {
	t.Helper()
	if opts.Output == nil {
		opts.Output = io.Discard
	}
	logger, ring, err := logging.New(opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return logger, ring
}

func TestEntryCarriesNameLevelMessageAndFields(t *testing.T) {
	logger, ring := newLogger(t, logging.Options{})
	before := time.Now()
	logger.Named("session").With(zap.String("phone", "5511999990000")).
		Warn("flushed", zap.Int("turns", 2), zap.Duration("waited", 1500*time.Millisecond))

	entries := ring.Snapshot()
	if len(entries) != 1 {
		t.Fatalf("Snapshot() holds %d entries, want 1", len(entries))
	}
	e := entries[0]
	if e.Seq != 1 || e.Level != zapcore.WarnLevel || e.Logger != "session" || e.Message != "flushed" {
		t.Errorf("entry = seq %d, level %v, logger %q, message %q; want 1, warn, session, flushed", e.Seq, e.Level, e.Logger, e.Message)
	}
	if e.Time.Before(before) {
		t.Errorf("entry time %v is before the call (%v)", e.Time, before)
	}
	if !strings.Contains(e.Caller, "logging_test.go:") {
		t.Errorf("Caller = %q, want this test file", e.Caller)
	}
	if want := `{"phone":"5511999990000","turns":2,"waited":"1.5s"}`; string(e.Fields) != want {
		t.Errorf("Fields = %s, want %s", e.Fields, want)
	}

	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"level":"warn"`, `"logger":"session"`, `"fields":{"phone"`} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("json.Marshal(entry) = %s, want it to contain %s", b, want)
		}
	}
}

func TestEntryWithoutFieldsHasEmptyObject(t *testing.T) {
	logger, ring := newLogger(t, logging.Options{})
	logger.Info("plain")
	if got := string(ring.Snapshot()[0].Fields); got != "{}" {
		t.Errorf("Fields = %s, want {}", got)
	}
}

func TestLevelAppliesToOutputAndRing(t *testing.T) {
	var out bytes.Buffer
	logger, ring := newLogger(t, logging.Options{Level: zapcore.WarnLevel, Output: &out})
	logger.Info("hidden")
	logger.Error("shown")
	if entries := ring.Snapshot(); len(entries) != 1 || entries[0].Message != "shown" {
		t.Errorf("ring holds %+v, want only the error", entries)
	}
	if strings.Contains(out.String(), "hidden") || !strings.Contains(out.String(), "shown") {
		t.Errorf("output = %q, want only the error", out.String())
	}
}

func TestFormats(t *testing.T) {
	t.Run("json", func(t *testing.T) {
		var out bytes.Buffer
		logger, _ := newLogger(t, logging.Options{Format: logging.JSON, Output: &out})
		logger.Named("serve").Info("listening", zap.Int("port", 8080))
		var line map[string]any
		if err := json.Unmarshal(out.Bytes(), &line); err != nil {
			t.Fatalf("output is not one JSON object: %v\n%s", err, out.String())
		}
		if line["msg"] != "listening" || line["logger"] != "serve" || line["port"] != 8080.0 || line["level"] != "info" {
			t.Errorf("JSON line = %v", line)
		}
	})
	t.Run("console", func(t *testing.T) {
		var out bytes.Buffer
		logger, _ := newLogger(t, logging.Options{Format: logging.Console, Output: &out})
		logger.Info("listening", zap.Int("port", 8080))
		if s := out.String(); !strings.Contains(s, "INFO") || !strings.Contains(s, "listening") || !strings.Contains(s, `{"port": 8080}`) {
			t.Errorf("console line = %q", s)
		}
	})
}

func TestNewRejectsBadOptions(t *testing.T) {
	for name, opts := range map[string]logging.Options{
		"format":   {Format: "xml"},
		"capacity": {RingCapacity: -1},
	} {
		if _, _, err := logging.New(opts); err == nil {
			t.Errorf("New with a bad %s succeeded", name)
		}
	}
}

func TestSlogLandsInTheSameLoggerAndRing(t *testing.T) {
	var out bytes.Buffer
	logger, ring := newLogger(t, logging.Options{Format: logging.JSON, Output: &out})
	log := logging.Slog(logger.Named("actor"))
	log.Debug("below the level")
	log.Info("actor started", "pid", "nonhost/$1", slog.Group("system", "id", 7))
	log.Warn("dead letter")

	entries := ring.Snapshot()
	if len(entries) != 2 {
		t.Fatalf("ring holds %d entries, want 2: %+v", len(entries), entries)
	}
	e := entries[0]
	if e.Logger != "actor" || e.Message != "actor started" || e.Level != zapcore.InfoLevel {
		t.Errorf("slog entry = logger %q, message %q, level %v", e.Logger, e.Message, e.Level)
	}
	if want := `{"pid":"nonhost/$1","system":{"id":7}}`; string(e.Fields) != want {
		t.Errorf("Fields = %s, want %s", e.Fields, want)
	}
	if entries[1].Level != zapcore.WarnLevel {
		t.Errorf("slog Warn became %v", entries[1].Level)
	}
	if !strings.Contains(out.String(), `"msg":"actor started"`) {
		t.Errorf("slog record missing from the output:\n%s", out.String())
	}
}
