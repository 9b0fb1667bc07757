package runtime

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/inbound"
)

// workSignals tell the node's background work what its requests and turns
// made, so that an idle node reads the table rarely and a busy one as
// often as before: the recovery sweep reads every shard while this node's
// own acceptances and commits may leave work unfinished, and the sync job
// reads its backlog after a turn here recorded a projection intent.
type workSignals struct {
	now func() time.Time
	// lastWork is when this node last accepted a message or committed a
	// turn, in Unix nanoseconds; 0 before either.
	lastWork atomic.Int64
	// intent is set by a commit that recorded a projection intent and
	// cleared by the sync run that follows.
	intent atomic.Bool
}

// worked records that this node took work in now.
func (w *workSignals) worked() { w.lastWork.Store(w.now().UnixNano()) }

// LastWork is when this node last took work in (the zero time before any),
// for inbound.RecoveryConfig.
func (w *workSignals) LastWork() time.Time {
	if n := w.lastWork.Load(); n != 0 {
		return time.Unix(0, n)
	}
	return time.Time{}
}

// signalledStore is the conversations' store telling the signals of each
// commit: it may leave a reply unsent, and it may record an intent. A
// failed commit signals too, since its outcome may be unknown.
type signalledStore struct {
	session.Store
	signals *workSignals
}

// Commit implements session.Store.
func (s signalledStore) Commit(ctx context.Context, c session.Commit) (domain.Session, error) {
	stored, err := s.Store.Commit(ctx, c)
	s.signals.worked()
	if c.Project {
		s.signals.intent.Store(true)
	}
	return stored, err
}

// signalledAcceptor is the webhook's acceptance telling the signals of each
// message taken in.
type signalledAcceptor struct {
	*inbound.Acceptor
	signals *workSignals
}

// Accept implements webhook.Inbound.
func (a signalledAcceptor) Accept(ctx context.Context, m messaging.InboundMessage) (inbound.Outcome, error) {
	out, err := a.Acceptor.Accept(ctx, m)
	a.signals.worked()
	return out, err
}
