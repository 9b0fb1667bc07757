package inprocess

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/queue"
)

var (
	_ queue.Sender   = (*Queue)(nil)
	_ queue.Consumer = (*Queue)(nil)
)

// Queue is a bounded in-memory queue. Send is safe for concurrent use; one Run
// at a time consumes; Close ends both for good.
//
// Every accepted message holds one of Capacity slots until it succeeds or is
// dropped, wherever it is (waiting in ready, being handled, or waiting for a
// retry timer). ready has room for Capacity messages, so putting a message
// back into it never blocks.
type Queue struct {
	cfg   Config
	log   *zap.Logger
	slots chan struct{}
	ready chan envelope
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
	id       string // queue message ID, reported in batchItemFailures
	msg      queue.Message
	body     string
	attempts int // failed attempts so far
}

// New returns an empty queue; nothing is consumed until Run.
func New(cfg Config, logger *zap.Logger) (*Queue, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	closing, cancel := context.WithCancel(context.Background())
	return &Queue{
		cfg:     cfg,
		log:     logger,
		slots:   make(chan struct{}, cfg.Capacity),
		ready:   make(chan envelope, cfg.Capacity),
		closing: closing,
		close:   cancel,
		retries: make(map[*time.Timer]struct{}),
	}, nil
}

// Send enqueues msg under a new queue message ID. It blocks while the queue is
// at capacity, until ctx is done (returning ctx.Err()) or the queue is closed
// (queue.ErrClosed).
func (q *Queue) Send(ctx context.Context, msg queue.Message) error {
	body, err := queue.Encode(msg)
	if err != nil {
		return err
	}
	if q.closing.Err() != nil {
		return queue.ErrClosed
	}
	select {
	case q.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	case <-q.closing.Done():
		return queue.ErrClosed
	}
	q.ready <- envelope{id: uuid.NewString(), msg: msg, body: body}
	return nil
}

// Run starts Config.Consumers goroutines that hand messages to handle, and
// blocks until ctx is done or Close is called and they have all returned.
// Messages not yet handled stay queued for a later Run (unless closed).
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
	for range q.cfg.Consumers {
		q.consumers.Go(func() { q.consume(ctx, handle) })
	}
	return nil
}

func (q *Queue) consume(ctx context.Context, handle queue.Handler) {
	// The loop condition stops a consumer that select let take one more
	// message after ctx was done.
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
			return
		case env := <-q.ready:
			q.deliver(ctx, env, handle)
		}
	}
}

// Close stops the consumers and waits for them (handlers in flight see their
// ctx cancelled and must return), cancels pending retries, and makes Send and
// Run fail with queue.ErrClosed. Messages not yet handled are forgotten: their
// receipts are in the table. Close is idempotent and always returns nil.
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
