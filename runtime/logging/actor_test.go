package logging_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/runtime/logging"
)

// recorder is a slog.Handler keeping what reaches it, at minLevel and above.
type recorder struct {
	mu       sync.Mutex
	minLevel slog.Level
	records  []slog.Record
}

func (r *recorder) Enabled(_ context.Context, l slog.Level) bool { return l >= r.minLevel }
func (r *recorder) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.records = append(r.records, rec)
	return nil
}
func (r *recorder) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *recorder) WithGroup(string) slog.Handler      { return r }

func attr(rec slog.Record, key string) (slog.Value, bool) {
	var v slog.Value
	found := false
	rec.Attrs(func(a slog.Attr) bool {
		if a.Key == key {
			v, found = a.Value, true
			return false
		}
		return true
	})
	return v, found
}

var refused = errors.New(`dial tcp 127.0.0.1:38927: connect: connection refused`)

// Which protoactor lines change level: what is about reaching a member that
// is down becomes a warning, a stop we asked for is not a warning at all,
// and every other line keeps the level the library gave it.
func TestActorLevels(t *testing.T) {
	for _, tc := range []struct {
		name  string
		level slog.Level
		msg   string
		attrs []any
		want  slog.Level
	}{
		{"a member's health check fails", slog.LevelError, "Bad connection to the node health status",
			[]any{"error", refused, "autoManMemberUrl", "http://127.0.0.1:38927/_health"}, slog.LevelWarn},
		{"no member answers", slog.LevelError, "Failure reaching nodes", []any{"error", refused}, slog.LevelWarn},
		{"no connection to a member", slog.LevelError, "EndpointWriter failed to connect",
			[]any{"address", "127.0.0.1:35629", "error", refused, "retry", 0}, slog.LevelWarn},
		{"no stream to a member", slog.LevelError, "EndpointWriter failed to create receive stream",
			[]any{"address", "127.0.0.1:35629", "error", refused}, slog.LevelWarn},
		{"a member's connection drops", slog.LevelError, "EndpointWriter lost connection",
			[]any{"address", "127.0.0.1:35629", "error", errors.New("rpc error: code = Unavailable desc = error reading from server: EOF")}, slog.LevelWarn},
		{"a member that left is disconnected", slog.LevelError, "EndpointWriter lost connection",
			[]any{"address", "127.0.0.1:35629", "error", errors.New("rpc error: code = Canceled desc = grpc: the client connection is closing")}, slog.LevelDebug},
		{"the health server stops with the member", slog.LevelError, "Automanaged server stopping..!",
			[]any{"error", http.ErrServerClosed}, slog.LevelInfo},
		{"the health server cannot listen", slog.LevelError, "Automanaged server stopping..!",
			[]any{"error", errors.New("listen tcp 0.0.0.0:6330: bind: address already in use")}, slog.LevelError},
		{"gossip to a member times out", slog.LevelWarn, "sendGossipForMember failed",
			[]any{"MemberId", "2AiRMmJ7", "error", "future: timeout"}, slog.LevelWarn},
		{"a message that cannot be read", slog.LevelError, "EndpointReader failed to deserialize",
			[]any{"error", errors.New("proto: cannot parse invalid wire-format data")}, slog.LevelError},
		{"a connection line already below warn", slog.LevelDebug, "EndpointWriter failed to connect",
			[]any{"address", "127.0.0.1:35629"}, slog.LevelDebug},
		{"an actor's info", slog.LevelInfo, "Started EndpointWriter. connecting", []any{"address", "127.0.0.1:35629"}, slog.LevelInfo},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{minLevel: slog.LevelDebug}
			log := slog.New(logging.NewActorHandler(rec, time.Minute, time.Now))
			log.Log(context.Background(), tc.level, tc.msg, tc.attrs...)
			if len(rec.records) != 1 {
				t.Fatalf("%d records reached the output, want 1", len(rec.records))
			}
			got := rec.records[0]
			if got.Level != tc.want || got.Message != tc.msg || got.NumAttrs() != len(tc.attrs)/2 {
				t.Errorf("got %s %q with %d attributes, want %s %q with %d", got.Level, got.Message, got.NumAttrs(), tc.want, tc.msg, len(tc.attrs)/2)
			}
		})
	}
}

// How the warnings about a member down are counted: one line per message
// and member every interval, the next one carrying how many were dropped.
func TestActorRateLimit(t *testing.T) {
	const every = 30 * time.Second
	const (
		connect = "EndpointWriter failed to connect"
		stream  = "EndpointWriter failed to create receive stream"
		memberA = "10.0.0.1:8090"
		memberB = "10.0.0.2:8090"
	)
	type written struct {
		msg, address string
		suppressed   int64 // 0: no count attribute
	}
	for _, tc := range []struct {
		name  string
		lines []line
		want  []written
	}{
		{"the first line of a member is written",
			[]line{{0, connect, memberA}},
			[]written{{connect, memberA, 0}}},
		{"a line a second for a minute: three written, the later ones with the count",
			repeat(line{time.Second, connect, memberA}, 61),
			[]written{{connect, memberA, 0}, {connect, memberA, 29}, {connect, memberA, 29}}},
		{"each member counts on its own",
			[]line{{0, connect, memberA}, {time.Second, connect, memberB}, {time.Second, connect, memberA}, {time.Second, connect, memberB}},
			[]written{{connect, memberA, 0}, {connect, memberB, 0}}},
		{"each message counts on its own",
			[]line{{0, connect, memberA}, {0, stream, memberA}, {time.Second, connect, memberA}},
			[]written{{connect, memberA, 0}, {stream, memberA, 0}}},
		{"a line after a quiet interval is written without a count",
			[]line{{0, connect, memberA}, {every, connect, memberA}},
			[]written{{connect, memberA, 0}, {connect, memberA, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
			rec := &recorder{minLevel: slog.LevelDebug}
			log := slog.New(logging.NewActorHandler(rec, every, func() time.Time { return now }))
			for _, l := range tc.lines {
				now = now.Add(l.after)
				log.Error(l.msg, "address", l.address, "error", refused)
			}
			var got []written
			for _, r := range rec.records {
				if r.Level != slog.LevelWarn {
					t.Errorf("%q written at %s, want warn", r.Message, r.Level)
				}
				address, _ := attr(r, "address")
				w := written{msg: r.Message, address: address.String()}
				if n, ok := attr(r, "suppressed"); ok {
					w.suppressed = n.Int64()
				}
				got = append(got, w)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("written %+v\nwant    %+v", got, tc.want)
			}
		})
	}
}

// line is a protoactor error about a member, some time after the one before.
type line struct {
	after   time.Duration
	msg     string
	address string
}

// repeat is n copies of l, the first one at once.
func repeat(l line, n int) []line {
	lines := make([]line, n)
	lines[0] = l
	lines[0].after = 0
	for i := 1; i < n; i++ {
		lines[i] = l
	}
	return lines
}

// Actor is Slog's logger with the rules: masked, in zap's output, and a
// down member's connection error there as a warning.
func TestActorWritesThroughZap(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	log := logging.Actor(zap.New(core).Named("actor"))
	log.Error("EndpointWriter failed to connect", "address", "127.0.0.1:35629", "error", refused, "retry", 0)
	log.Error("EndpointReader failed to deserialize", "error", "bad bytes from 5511987654321")

	entries := logs.All()
	if len(entries) != 2 {
		t.Fatalf("%d entries, want 2", len(entries))
	}
	if entries[0].Level != zapcore.WarnLevel || entries[0].LoggerName != "actor" {
		t.Errorf("the connection error = %s from %q, want warn from actor", entries[0].Level, entries[0].LoggerName)
	}
	if e := entries[1]; e.Level != zapcore.ErrorLevel || e.ContextMap()["error"] != "bad bytes from …4321" {
		t.Errorf("the other error = %s %v, want error, masked", e.Level, e.ContextMap())
	}
}
