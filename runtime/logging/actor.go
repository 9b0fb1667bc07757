package logging

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/internal/ratelog"
)

// ActorRepeatEvery is how often a line about a connection to one member
// that cannot be reached is written: protoactor retries such a connection
// about once a second, so a member down for ten minutes would write 600
// lines, and 20 are enough to tell how long it lasted.
const ActorRepeatEvery = 30 * time.Second

// Actor returns the log/slog logger for protoactor: Slog's, with the
// library's levels turned into ours (actorRules). protoactor logs at error
// everything that goes wrong with a connection to another member, though a
// member that is down or leaves is the cluster working as designed; an
// alert on level=error would fire for every restart. Those lines become
// warnings, one per member and message every ActorRepeatEvery, and a clean
// stop's lines are not warnings at all. Every other error the library
// reports stays an error.
func Actor(logger *zap.Logger) *slog.Logger {
	return slog.New(newActorHandler(Slog(logger).Handler(), ActorRepeatEvery, time.Now))
}

// actorRule is what becomes of a protoactor record with this message at
// warn or above.
type actorRule struct {
	message string
	// stop is how the error attribute reads when the line tells of a stop
	// we asked for; such a line is written at stopLevel, without counting.
	stop      string
	stopLevel slog.Level
	// limit makes any other such line a warning, written once per
	// ActorRepeatEvery per endpoint; without it the line keeps its level.
	limit bool
	// endpoint is the attribute naming the member the line is about ("":
	// the line is counted per message).
	endpoint string
}

// actorRules are protoactor's (v0.0.0-2026-01) lines about reaching
// another member: the automanaged provider's health checks and server, the
// remote endpoint's connection, gossip. A stop we asked for is not a
// warning; the other lines are warnings, one per endpoint per interval. The messages are matched exactly: a line the library renames
// comes through at its own level, which a test of this package's importer
// (the serve log acceptance test) notices.
var actorRules = []actorRule{
	{message: "Bad connection to the node health status", limit: true, endpoint: "autoManMemberUrl"},
	{message: "Bad response from the node health status", limit: true, endpoint: "autoManMemberUrl"},
	{message: "Failure reaching nodes", limit: true},
	// The provider's health server returns http.ErrServerClosed when the
	// member stops, and the library logs that at error; any other error
	// (its port taken) is one.
	{message: "Automanaged server stopping..!", stop: "http: Server closed", stopLevel: slog.LevelInfo},
	{message: "failed to connect to remote address", limit: true, endpoint: "address"},
	{message: "EndpointWriter failed to connect", limit: true, endpoint: "address"},
	{message: "EndpointWriter failed to create receive stream", limit: true, endpoint: "address"},
	{message: "EndpointWriter failed to send connect request", limit: true, endpoint: "address"},
	{message: "EndpointWriter failed to receive connect response", limit: true, endpoint: "address"},
	// Canceled: the writer's connection was closed on this side, as the
	// endpoint of a member that left (or of this member stopping) is.
	{message: "EndpointWriter lost connection", stop: "code = Canceled", stopLevel: slog.LevelDebug, limit: true, endpoint: "address"},
	{message: "sendGossipForMember failed", limit: true, endpoint: "MemberId"},
}

// actorHandler applies actorRules on the way to next.
type actorHandler struct {
	next    slog.Handler
	limiter *ratelog.Limiter // shared by every handler derived by With
}

func newActorHandler(next slog.Handler, every time.Duration, now func() time.Time) slog.Handler {
	return actorHandler{next: next, limiter: ratelog.New(every, now)}
}

func (h actorHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h actorHandler) Handle(ctx context.Context, r slog.Record) error {
	rule, ok := ruleFor(r.Message)
	if !ok || r.Level < slog.LevelWarn {
		return h.next.Handle(ctx, r)
	}
	errText, endpoint := "", ""
	r.Attrs(func(a slog.Attr) bool {
		switch {
		case a.Key == "error":
			errText = a.Value.String()
		case rule.endpoint != "" && a.Key == rule.endpoint:
			endpoint = a.Value.String()
		}
		return true
	})
	if rule.stop != "" && strings.Contains(errText, rule.stop) {
		return h.relevel(ctx, r, rule.stopLevel)
	}
	if !rule.limit {
		return h.next.Handle(ctx, r)
	}
	pass, suppressed, _ := h.limiter.Allow(r.Message + "\x00" + endpoint)
	if !pass {
		return nil
	}
	if suppressed > 0 {
		return h.relevel(ctx, r, slog.LevelWarn, slog.Int("suppressed", suppressed))
	}
	return h.relevel(ctx, r, slog.LevelWarn)
}

// relevel hands r on at level with extra attributes, if next writes that
// level.
func (h actorHandler) relevel(ctx context.Context, r slog.Record, level slog.Level, extra ...slog.Attr) error {
	if !h.next.Enabled(ctx, level) {
		return nil
	}
	out := slog.NewRecord(r.Time, level, r.Message, r.PC)
	r.Attrs(func(a slog.Attr) bool { out.AddAttrs(a); return true })
	out.AddAttrs(extra...)
	return h.next.Handle(ctx, out)
}

func (h actorHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return actorHandler{next: h.next.WithAttrs(attrs), limiter: h.limiter}
}

func (h actorHandler) WithGroup(name string) slog.Handler {
	return actorHandler{next: h.next.WithGroup(name), limiter: h.limiter}
}

func ruleFor(message string) (actorRule, bool) {
	for _, r := range actorRules {
		if r.message == message {
			return r, true
		}
	}
	return actorRule{}, false
}
