package logging

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/intake-runtime/intake/internal/redact"
)

// maskedHandler keeps personal data out of a library's log lines. The
// actor library names a conversation's actor and cluster identity by the
// customer's phone and logs whole messages (a dead letter, a cluster
// request at debug level), which carry what the customer wrote: every text
// is masked by redact.Personal, and a value logged under the key "message"
// is reduced to its type.
type maskedHandler struct{ next slog.Handler }

func (h maskedHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h maskedHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, redact.Personal(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(maskAttr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h maskedHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	masked := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		masked[i] = maskAttr(a)
	}
	return maskedHandler{h.next.WithAttrs(masked)}
}

func (h maskedHandler) WithGroup(name string) slog.Handler {
	return maskedHandler{h.next.WithGroup(name)}
}

// maskAttr is a with its texts masked; numbers, booleans, times and
// durations pass as they are.
func maskAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, redact.Personal(v.String()))
	case slog.KindGroup:
		group := v.Group()
		masked := make([]any, len(group))
		for i, g := range group {
			masked[i] = maskAttr(g)
		}
		return slog.Group(a.Key, masked...)
	case slog.KindAny:
		if a.Key == "message" {
			return slog.String(a.Key, fmt.Sprintf("%T", v.Any()))
		}
		return slog.String(a.Key, redact.Personal(fmt.Sprint(v.Any())))
	default:
		return slog.Attr{Key: a.Key, Value: v}
	}
}
