package inprocess

import (
	"context"
	"errors"
	"hash/maphash"
	"sync"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/queue"
)

var (
	_ queue.Sender   = (*Queue)(nil)
	_ queue.Reserver = (*Queue)(nil)
	_ queue.Consumer = (*Queue)(nil)
)

// Queue is a bounded in-memory queue. Send and TryReserve are safe for
// concurrent use; one Run at a time consumes; Close ends them all for good.
//
// Every message in a lane holds one of Capacity slots from the moment it is
// reserved or sent until it succeeds or is dropped, wherever it is (waiting
// in its lane, being handled, or waiting for a retry timer). Each message
// waits in the lane of its phone, and each lane has one consumer goroutine.
// A message accepted while every slot is taken waits in the overflow
// (Config.Overflow) and takes the next slot that frees, oldest first.
type Queue struct {
	cfg   Config
	log   *zap.Logger
	slots chan struct{}
	lanes []*lane
	pace  *pacer
	seed  maphash.Seed

	// admit orders what takes or frees a slot without waiting: TryReserve,
	// the sends into room, finish. It guards over, and it is what keeps a
	// message from waiting in the overflow while a slot is free.
	admit sync.Mutex
	over  *overflow

	// closing is done once Close has been called; it stops Send and Run.
	closing context.Context
	close   context.CancelFunc
	// consumers counts the goroutines of the current Run, so Close can wait.
	consumers sync.WaitGroup

	mu      sync.Mutex
	closed  bool
	running bool
	retries map[*time.Timer]struct{} // failed messages waiting for their backoff
}

// envelope is one accepted message as the queue carries it.
type envelope struct {
	id       string // queue message ID, reported in logs
	msg      queue.Message
	lane     *lane
	attempts int // failed attempts so far
}

// New returns an empty queue; nothing is consumed until Run.
func New(cfg Config, logger *zap.Logger) (*Queue, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	if cfg.CPUShort == nil {
		cfg.CPUShort = waitsForCPU()
	}
	lanes := make([]*lane, cfg.Consumers)
	for i := range lanes {
		lanes[i] = newLane()
	}
	closing, cancel := context.WithCancel(context.Background())
	return &Queue{
		cfg:     cfg,
		log:     logger,
		slots:   make(chan struct{}, cfg.Capacity),
		lanes:   lanes,
		pace:    newPacer(cfg, logger),
		over:    newOverflow(cfg),
		seed:    maphash.MakeSeed(),
		closing: closing,
		close:   cancel,
		retries: make(map[*time.Timer]struct{}),
	}, nil
}

// Send enqueues msg under a new queue message ID: into a free slot, else
// behind the overflow. A message of the same ID already waiting in the
// overflow (the recovery sweep's copy of a message that has not reached its
// lane yet) is not queued twice. Send waits while the slots and the
// overflow are full, until ctx is done (returning ctx.Err()) or the queue
// is closed (queue.ErrClosed); a producer that must not wait uses
// TryReserve. Waiting Sends take freed slots before any TryReserve, in the
// order they began to wait.
func (q *Queue) Send(ctx context.Context, msg queue.Message) error {
	if err := check(msg); err != nil {
		return err
	}
	if q.closing.Err() != nil {
		return queue.ErrClosed
	}
	q.admit.Lock()
	if q.over.has(msg.MessageID) {
		q.admit.Unlock()
		return nil
	}
	switch {
	case q.over.len() == 0 && q.takeSlotLocked():
		q.put(msg)
		q.admit.Unlock()
		return nil
	case q.over.room():
		q.over.push(msg)
		q.admit.Unlock()
		return nil
	}
	q.admit.Unlock()
	select {
	case q.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	case <-q.closing.Done():
		return queue.ErrClosed
	}
	q.admit.Lock()
	defer q.admit.Unlock()
	q.put(msg)
	return nil
}

// TryReserve takes room without waiting: a slot while the overflow is
// empty, else a place in the overflow. It is queue.ErrFull when the slots
// and the overflow are full, queue.ErrClosed after Close.
func (q *Queue) TryReserve(context.Context) (queue.Reservation, error) {
	if q.closing.Err() != nil {
		return nil, queue.ErrClosed
	}
	q.admit.Lock()
	defer q.admit.Unlock()
	if q.over.len() == 0 && q.takeSlotLocked() {
		return &reservation{q: q}, nil
	}
	q.pace.noSlot.Store(true)
	if !q.over.room() {
		return nil, queue.ErrFull
	}
	q.over.reserved++
	return &reservation{q: q, overflow: true}, nil
}

// takeSlotLocked takes a free slot without waiting; the caller holds admit.
func (q *Queue) takeSlotLocked() bool {
	select {
	case q.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// reservation is room taken by TryReserve: a slot, or a place in the
// overflow.
type reservation struct {
	q        *Queue
	overflow bool // a place in the overflow, else a slot
	used     bool // sent into, or released
}

func (r *reservation) Send(_ context.Context, msg queue.Message) error {
	if r.used {
		return errors.New("inprocess: reservation already used")
	}
	if err := check(msg); err != nil {
		return err
	}
	if r.q.closing.Err() != nil {
		return queue.ErrClosed
	}
	r.used = true
	q := r.q
	q.admit.Lock()
	defer q.admit.Unlock()
	if !r.overflow {
		q.put(msg)
		return nil
	}
	// The place becomes the message's. A slot freed since the reservation
	// takes it at once when nothing waits before it.
	q.over.reserved--
	if q.over.len() > 0 || !q.takeSlotLocked() {
		q.over.push(msg)
		return nil
	}
	q.put(msg)
	return nil
}

func (r *reservation) Release() {
	if r.used {
		return
	}
	r.used = true
	if !r.overflow {
		r.q.finish()
		return
	}
	r.q.admit.Lock()
	r.q.over.reserved--
	r.q.admit.Unlock()
}

// check refuses a message SQS would refuse, so the two queues accept the
// same messages.
func check(msg queue.Message) error {
	_, err := queue.Encode(msg)
	return err
}

// put appends msg, whose slot is taken, to the lane of its phone. The
// message is kept as sent, turn included. The caller holds admit, so that
// messages leaving the overflow enter their lanes in its order.
func (q *Queue) put(msg queue.Message) {
	l := q.lanes[maphash.String(q.seed, msg.PhoneNumber)%uint64(len(q.lanes))]
	l.push(envelope{id: uuid.NewString(), msg: msg, lane: l})
}

// Run starts one consumer goroutine per lane (Config.Consumers) that hands
// messages to handle, and blocks until ctx is done or Close is called and
// they have all returned. Messages not yet handled stay queued for a later
// Run (unless closed).
func (q *Queue) Run(ctx context.Context, handle queue.Handler) error {
	if handle == nil {
		return errors.New("inprocess: Run needs a handler")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stopOnClose := context.AfterFunc(q.closing, cancel)
	defer stopOnClose()
	if err := q.start(ctx, handle); err != nil {
		return err
	}
	q.consumers.Wait()
	q.mu.Lock()
	q.running = false
	q.mu.Unlock()
	return nil
}

// start launches the consumers under the lock that Close takes, so Close
// either prevents them or sees them in q.consumers and waits.
func (q *Queue) start(ctx context.Context, handle queue.Handler) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case q.closed:
		return queue.ErrClosed
	case q.running:
		return errors.New("inprocess: Run is already running")
	}
	q.running = true
	q.consumers.Go(func() { q.pace.run(ctx) })
	for _, l := range q.lanes {
		q.consumers.Go(func() { q.consume(ctx, l, handle) })
	}
	return nil
}

// consume hands the messages of lane l to handle one at a time, oldest
// first, until ctx is done.
func (q *Queue) consume(ctx context.Context, l *lane, handle queue.Handler) {
	for ctx.Err() == nil {
		env, ok := l.pop()
		if !ok {
			select {
			case <-ctx.Done():
			case <-l.wake:
			}
			continue
		}
		q.pace.wait(ctx)
		q.deliver(ctx, env, handle)
	}
}

// Close stops the consumers and waits for them (handlers in flight see their
// ctx cancelled and must return), cancels pending retries, and makes Send,
// TryReserve and Run fail with queue.ErrClosed. Messages not yet handled are
// forgotten: their receipts are in the table. Close is idempotent and always
// returns nil.
func (q *Queue) Close() error {
	q.mu.Lock()
	q.closed = true
	for t := range q.retries {
		t.Stop()
	}
	clear(q.retries)
	q.mu.Unlock()
	q.close()
	q.consumers.Wait()
	return nil
}

// Waiting counts the messages waiting in the lanes for their consumer, for
// the queue depth gauge; those being handled or waiting for a retry are not
// counted.
func (q *Queue) Waiting() int {
	n := 0
	for _, l := range q.lanes {
		n += l.waiting()
	}
	return n
}
