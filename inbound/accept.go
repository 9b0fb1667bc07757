package inbound

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// Deps are the Acceptor's collaborators.
type Deps struct {
	// Table stores the receipts.
	Table persistence.Table
	// Queue receives {phone_number, message_id} for each new message.
	Queue Enqueuer
	// Metrics counts deferred and stale messages; nil counts nothing.
	Metrics Metrics
}

// Acceptor takes inbound messages in: the receipt, its claim and the
// hand-over to the queue, once per message however often it is delivered.
// Every route that brings a customer's message in (the platform's webhook,
// the internal route of the emulator and of internal producers) goes
// through it. It is safe for concurrent use.
type Acceptor struct {
	cfg      Config
	receipts *persistence.Receipts
	queue    Enqueuer
	// reserver is queue when it is bounded in memory, else nil.
	reserver  queue.Reserver
	deferrals *deferrals
	metrics   Metrics // nil counts nothing
	log       *zap.Logger
}

// New checks cfg and deps and returns the Acceptor. A nil logger logs
// nothing.
func New(cfg Config, deps Deps, logger *zap.Logger) (*Acceptor, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if deps.Table == nil || deps.Queue == nil {
		return nil, errors.New("inbound: Deps.Table and Deps.Queue are required")
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	a := &Acceptor{
		cfg:       cfg,
		receipts:  persistence.NewReceipts(deps.Table),
		queue:     deps.Queue,
		deferrals: &deferrals{metrics: deps.Metrics, log: logger},
		metrics:   deps.Metrics,
		log:       logger,
	}
	a.reserver, _ = deps.Queue.(queue.Reserver)
	return a, nil
}

// Accept is the path of every inbound message, platform or internal: room
// on the queue, receipt and claim, then the hand-off. Nothing here waits for
// the queue: room is taken without waiting, before the receipt is written,
// so a full queue is known before anything is recorded and the receipt is
// then written without a claim (see "A full queue" in the package doc). A
// non-nil error means the table or the queue failed and the message must be
// delivered again; what was written before the failure is finished by that
// redelivery or by the recovery sweep.
func (a *Acceptor) Accept(ctx context.Context, m messaging.InboundMessage) (Outcome, error) {
	turn := m.Turn()
	id := turn.MessageID
	now := a.cfg.Now()
	turn.AcceptedAt = &now
	room, err := a.reserve(ctx)
	full := errors.Is(err, queue.ErrFull)
	if err != nil && !full {
		return 0, fmt.Errorf("inbound: enqueue %s: %w", id, err)
	}
	if room != nil {
		defer room.Release() // gives the room back unless enqueue used it
	}
	receipt := persistence.Receipt{InboundTurn: turn, TTL: now.Add(a.cfg.ReceiptTTL).Unix()}
	var token string
	if full {
		err = a.receipts.Record(ctx, receipt)
	} else {
		token, err = a.receipts.RecordClaimed(ctx, receipt, now)
	}
	redelivered := errors.Is(err, persistence.ErrConflict)
	switch {
	case redelivered && full:
		// No room to enqueue into: taking the claim would only block the
		// next redelivery. Tell what the receipt says instead.
		return a.settle(ctx, id, now, full)
	case redelivered:
		token, err = a.receipts.Claim(ctx, id, now, a.cfg.ClaimLease)
		if errors.Is(err, persistence.ErrConflict) {
			return a.settle(ctx, id, now, full)
		}
	}
	if err != nil {
		return 0, fmt.Errorf("inbound: receipt %s: %w", id, err)
	}
	if full {
		a.deferrals.add(id, now)
		return Deferred, nil
	}
	if err := enqueue(ctx, room, turn); err != nil {
		if relErr := a.release(ctx, id, token); relErr != nil {
			a.log.Warn("claim not released; a redelivery waits for the lease",
				zap.String("message_id", id), zap.Error(relErr))
		}
		return 0, err
	}
	if redelivered {
		a.log.Info("redelivered message enqueued again: no turn had answered it", zap.String("message_id", id))
	}
	return Accepted, nil
}

// settle answers a redelivery that does not enqueue, from what the receipt
// says: taken by a turn (Duplicate); claimed by another delivery less than
// a lease ago (InProgress: the holder may still fail); or unclaimed while
// the queue is full (Deferred: the receipt keeps the message and the
// recovery sweep enqueues it). Unclaimed with room means a claim was given
// back between this delivery's take and its read, and a receipt gone
// meanwhile (its ttl passed) needs recording anew: both ask for a
// redelivery, as a live claim does.
func (a *Acceptor) settle(ctx context.Context, id string, now time.Time, full bool) (Outcome, error) {
	state, err := a.receipts.EnqueueState(ctx, id, now, a.cfg.ClaimLease)
	if err != nil {
		return 0, fmt.Errorf("inbound: read receipt %s: %w", id, err)
	}
	switch {
	case state == persistence.EnqueueTaken:
		a.log.Debug("duplicate delivery acknowledged", zap.String("message_id", id))
		return Duplicate, nil
	case state == persistence.EnqueueFree && full:
		a.deferrals.add(id, now)
		return Deferred, nil
	default:
		a.log.Debug("message being taken in by another delivery; acknowledged, the receipt keeps it", zap.String("message_id", id))
		return InProgress, nil
	}
}

// release gives a claim back after a failed enqueue, so the redelivery can
// enqueue at once instead of after the lease. It runs even when the
// caller's context has ended, within a StoreTimeout of its own.
func (a *Acceptor) release(ctx context.Context, id, token string) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), a.cfg.StoreTimeout)
	defer cancel()
	return a.receipts.Release(ctx, id, token)
}
