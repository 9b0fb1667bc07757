package webhook_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence"
)

// recorder is an Enqueuer that keeps what it is sent; fail makes Send fail.
// With consumer set it also marks each message answered at once, as a
// consumer and conversations that keep up do, so redeliveries are
// duplicates.
type recorder struct {
	mu       sync.Mutex
	msgs     []domain.QueueMessage
	fail     error
	consumer *consumer
}

// consumer completes receipts the way the commit of a turn does.
type consumer struct {
	receipts *persistence.Receipts
	now      func() time.Time
}

var _ inbound.Enqueuer = (*recorder)(nil)

func (r *recorder) Send(ctx context.Context, m domain.QueueMessage) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail != nil {
		return r.fail
	}
	r.msgs = append(r.msgs, m)
	if r.consumer != nil {
		// A failed mark shows up as a redelivery enqueued again after the lease.
		_ = r.consumer.receipts.Complete(ctx, m.MessageID, r.consumer.now())
	}
	return nil
}

func (r *recorder) setFail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fail = err
}

func (r *recorder) sent() []domain.QueueMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	// The phones of an envelope are enqueued at once: only each phone's
	// order is defined, so they are listed by phone, each in send order.
	out := slices.Clone(r.msgs)
	slices.SortStableFunc(out, func(a, b domain.QueueMessage) int { return strings.Compare(a.PhoneNumber, b.PhoneNumber) })
	return out
}

// faultyTable is the memory table with switchable failures, standing in for
// a table that is down: fail decides, per operation and key, whether it fails.
type faultyTable struct {
	persistence.Table
	mu   sync.Mutex
	fail func(op string, key persistence.Key) error
}

var errTableDown = errors.New("table down")

func (f *faultyTable) setFail(fn func(op string, key persistence.Key) error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fail = fn
}

func (f *faultyTable) check(op string, key persistence.Key) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail == nil {
		return nil
	}
	return f.fail(op, key)
}

func (f *faultyTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	if err := f.check("get", key); err != nil {
		return nil, err
	}
	return f.Table.Get(ctx, key)
}

func (f *faultyTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	if err := f.check("put", persistence.KeyOf(item)); err != nil {
		return err
	}
	return f.Table.Put(ctx, item, cond)
}

func (f *faultyTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	if err := f.check("update", key); err != nil {
		return nil, err
	}
	return f.Table.Update(ctx, key, upd, cond)
}

func (f *faultyTable) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	if err := f.check("queryindex", persistence.Key{PK: q.GSI1PK}); err != nil {
		return persistence.Page{}, err
	}
	return f.Table.QueryIndex(ctx, q)
}
