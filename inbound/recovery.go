package inbound

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/internal/ratelog"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// Recovery sees acknowledged work through, whatever happened to the process
// or the queue in between: a message acknowledged (Accepted or Deferred)
// that no turn has answered after RecoveryConfig.After goes back on the
// inbound queue (the Deliverer and the turn's commit are idempotent, so one
// still in a queue or a buffer costs nothing more), and a conversation whose
// committed reply has no send result after as long is woken, so it sends
// it. Both are found through the sharded work indexes, never a scan. The
// runtime runs it at start (Start) and every RECOVERY_INTERVAL (Tick), with
// the in-process queue and SQS alike; a Tick of a quiet node reads one shard
// of each kind (see RecoveryConfig.LastWork).
type Recovery struct {
	receipts *persistence.Receipts
	outbox   *persistence.Outbox
	queue    queue.Sender
	conv     Conversations
	after    time.Duration
	now      func() time.Time
	log      *zap.Logger
	// failures writes a sweep that fails at every tick of an outage once
	// per interval, with a count.
	failures *ratelog.Limiter
	pace     pace
}

// RecoveryConfig configures the Recovery.
type RecoveryConfig struct {
	// After is how old unfinished work must be before Tick takes it up
	// (RECOVERY_AFTER): younger work is still under way.
	After time.Duration
	// Now is the clock the age is measured by; default time.Now.
	Now func() time.Time
	// Interval is how often Tick is called (RECOVERY_INTERVAL); it matters
	// only with LastWork.
	Interval time.Duration
	// LastWork, when set, tells when this node last took work in (accepted
	// a message, committed a turn): nothing else makes unfinished work here.
	// For After plus two Intervals after that work, and after a pass that
	// took work up or failed, a Tick reads every shard; on a node quiet
	// since, it reads one shard of each kind in rotation. Nil: every Tick
	// reads every shard.
	LastWork func() time.Time
}

// RecoveryDeps are the Recovery's collaborators.
type RecoveryDeps struct {
	// Table holds the receipts and the outbox.
	Table persistence.Table
	// Queue receives the messages enqueued again.
	Queue queue.Sender
	// Conversations are woken for their unsent replies.
	Conversations Conversations
}

// NewRecovery checks its arguments and returns the Recovery. A nil logger
// logs nothing.
func NewRecovery(cfg RecoveryConfig, deps RecoveryDeps, logger *zap.Logger) (*Recovery, error) {
	if cfg.After < 0 || cfg.Interval < 0 {
		return nil, errors.New("inbound: RecoveryConfig.After and Interval must not be negative")
	}
	if deps.Table == nil || deps.Queue == nil || deps.Conversations == nil {
		return nil, errors.New("inbound: RecoveryDeps.Table, Queue and Conversations are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Recovery{
		receipts: persistence.NewReceipts(deps.Table),
		outbox:   persistence.NewOutbox(deps.Table),
		queue:    deps.Queue,
		conv:     deps.Conversations,
		after:    cfg.After,
		now:      cfg.Now,
		log:      logger,
		failures: ratelog.New(ratelog.Every, nil),
		pace:     pace{lastWork: cfg.LastWork, busyFor: cfg.After + 2*cfg.Interval},
	}, nil
}

// recoverySendTimeout bounds one re-enqueue, so a full in-process queue ends
// the sweep (the next one carries on) instead of holding it.
const recoverySendTimeout = 5 * time.Second

// Sweep runs once over the work older than after and reports how many
// messages it enqueued again and how many conversations it woke for unsent
// replies.
func (r *Recovery) Sweep(ctx context.Context, after time.Duration) (requeued, woken int, err error) {
	return r.sweep(ctx, after, persistence.AllShards)
}

// sweep is Sweep over one work shard of each kind (AllShards: all of them).
func (r *Recovery) sweep(ctx context.Context, after time.Duration, shard int) (requeued, woken int, err error) {
	upTo := r.now().Add(-after)
	owed, err := r.receipts.UnfinishedIn(ctx, shard, upTo)
	if err != nil {
		return 0, 0, err
	}
	for _, m := range owed {
		sendCtx, cancel := context.WithTimeout(ctx, recoverySendTimeout)
		err := r.queue.Send(sendCtx, m)
		cancel()
		if err != nil {
			return requeued, 0, fmt.Errorf("inbound: enqueue %s again: %w", m.MessageID, err)
		}
		requeued++
	}
	unsent, err := r.outbox.UnfinishedIn(ctx, shard, upTo)
	if err != nil {
		return requeued, 0, err
	}
	var phones []string
	for _, m := range unsent {
		if !slices.Contains(phones, m.PhoneNumber) {
			phones = append(phones, m.PhoneNumber)
			r.conv.Wake(m.PhoneNumber)
		}
	}
	return requeued, len(phones), nil
}

// Start is the sweep of a process that just started: it takes up all
// unfinished work at once, since nothing is under way yet, so whatever the
// last run left is owed now.
func (r *Recovery) Start(ctx context.Context) { r.sweepAndLog(ctx, 0, persistence.AllShards) }

// Tick is the periodic sweep: it takes up the work older than
// RecoveryConfig.After, in every shard or, on a quiet node, in the next
// shard of the rotation. Calls must not overlap, with each other or Start.
func (r *Recovery) Tick(ctx context.Context) { r.sweepAndLog(ctx, r.after, r.pace.shard(r.now())) }

// sweepAndLog sweeps the work older than after in shard and logs what it
// took up.
func (r *Recovery) sweepAndLog(ctx context.Context, after time.Duration, shard int) {
	requeued, woken, err := r.sweep(ctx, after, shard)
	if err != nil || requeued > 0 || woken > 0 {
		r.pace.found(r.now())
	}
	switch {
	case err != nil && ctx.Err() == nil:
		r.failures.Error(r.log, "recovery sweep failed; the next one carries on", err, zap.Int("requeued", requeued))
	case requeued > 0 || woken > 0:
		r.log.Info("recovery sweep: acknowledged work taken up again", zap.Int("requeued", requeued), zap.Int("conversations_woken", woken))
	}
}
