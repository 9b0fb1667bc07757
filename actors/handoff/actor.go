package handoff

import (
	"context"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/redact"
)

// Notify asks a conversation's handoff child to tell operators about the
// conversation: on entering HANDOFF (Renotify false) and on each reminder
// timer (Renotify true). Build it with NewNotify, which copies the session's
// maps: the child reads the session while the parent goes on.
type Notify struct {
	Session  domain.Session
	Renotify bool
	// Reopened tells the operator holding the conversation (assigned_to)
	// that its customer wrote back after their close, which gave it back
	// to them (REOPEN_WINDOW).
	Reopened bool
}

// NewReopened returns the Notify of s reopened to its operator, with its
// maps copied like NewNotify's.
func NewReopened(s domain.Session) *Notify {
	return &Notify{Session: s.Clone(), Reopened: true}
}

// Notified is the handoff child's report of one Notify, sent to its parent.
// Result is the spec's HandoffNotifyResult; it holds no references, so the
// parent may keep or store it as it is.
type Notified struct {
	SessionID string
	Result    domain.HandoffNotifyResult
	Renotify  bool
}

// NewNotify returns the Notify of s with its maps and lists copied, so the
// parent may change its own session after sending.
func NewNotify(s domain.Session, renotify bool) *Notify {
	return &Notify{Session: s.Clone(), Renotify: renotify}
}

// Positions gives a session's place in the handoff queue; Queue implements it.
type Positions interface {
	Position(ctx context.Context, s domain.Session) (int, error)
}

// notifyTimeout bounds one notice: the queue query and every send.
const notifyTimeout = time.Minute

// Option changes a handoff child's defaults.
type Option func(*child)

// WithClock sets the clock that dates notices; default time.Now.
func WithClock(now func() time.Time) Option { return func(c *child) { c.now = now } }

// Props returns the props of a conversation's handoff child. It handles one
// Notify at a time: it reads the queue position, calls the notifier (both
// may block: that is why this is a child and not the session actor) and
// sends Notified to its parent. A failed position lookup does not stop the
// notice: it goes out with position 0 (unknown).
func Props(notifier Notifier, queue Positions, logger *zap.Logger, opts ...Option) *actor.Props {
	if logger == nil {
		logger = zap.NewNop()
	}
	return actor.PropsFromProducer(func() actor.Actor {
		c := &child{notifier: notifier, queue: queue, logger: logger.Named("handoff"), now: time.Now}
		for _, opt := range opts {
			opt(c)
		}
		return c
	})
}

type child struct {
	notifier Notifier
	queue    Positions
	logger   *zap.Logger
	now      func() time.Time
	assigner *Assigner
}

func (c *child) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *Notify:
		c.notify(ctx, msg)
	case *Choose:
		c.choose(ctx, msg)
	case *TellAssigned:
		c.tellAssigned(msg)
	}
}

func (c *child) notify(ctx actor.Context, msg *Notify) {
	call, cancel := context.WithTimeout(context.Background(), notifyTimeout)
	defer cancel()
	s := msg.Session
	log := c.logger.With(zap.String("session_id", s.SessionID), zap.Bool("renotify", msg.Renotify))
	pos, err := c.queue.Position(call, s)
	if err != nil {
		log.Warn("handoff queue position unknown; notifying without it", zap.Error(err))
		pos = 0
	}
	res, err := c.notifier.Notify(call, Notice{Session: s, QueuePosition: pos, Renotify: msg.Renotify, Reopened: msg.Reopened, At: c.now().UTC()})
	switch {
	case err != nil:
		log.Warn("handoff notice not completed", zap.Error(err), zap.String("detail", redact.Personal(res.Detail)))
	case !res.Success:
		log.Warn("handoff notice failed", zap.String("error_kind", string(res.ErrorKind)), zap.String("detail", redact.Personal(res.Detail)))
	default:
		log.Info("handoff notice", zap.Bool("notified", res.Notified), zap.Int("queue_position", res.QueuePosition))
	}
	ctx.Send(ctx.Parent(), &Notified{SessionID: s.SessionID, Result: res, Renotify: msg.Renotify})
}
