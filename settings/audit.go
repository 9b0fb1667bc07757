package settings

import (
	"context"
	"strconv"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
)

// Audit records every stored version in the audit trail
// (*persistence.Audits implements it).
type Audit interface {
	Record(ctx context.Context, e persistence.AuditEntry) error
}

// Audited makes every Save and Restore record who stored which version of
// which document, from the address WithSource put in their context. Call
// it before the node serves requests.
func (l *Live) Audited(a Audit) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.audit = a
}

type sourceKey struct{}

// WithSource returns ctx carrying the client address a Save or Restore
// made with it records.
func WithSource(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, sourceKey{}, addr)
}

// record writes the audit entry of version v of doc, best effort: the
// version is stored and applied already, and a trail that could not be
// written is a warning, not a failed save.
func (l *Live) record(ctx context.Context, action persistence.AuditAction, doc string, v persistence.Version) {
	if l.audit == nil {
		return
	}
	source, _ := ctx.Value(sourceKey{}).(string)
	e := persistence.AuditEntry{ID: uuid.NewString(), At: l.now(), Who: v.Author, Action: action,
		Target: doc + " v" + strconv.Itoa(v.Version), Source: source}
	if err := l.audit.Record(ctx, e); err != nil {
		l.logger.Warn("audit entry not stored", zap.String("doc", doc), zap.Error(err))
	}
}
