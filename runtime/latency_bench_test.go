package runtime_test

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// callLatency is what the webhook benchmarks charge for every table request
// and queue send: about what a DynamoDB conditional put or an SQS send costs
// from inside the region. With it the benchmarks weigh what production
// pays, round trips, instead of the CPU of a test double.
const callLatency = 2 * time.Millisecond

// latencyTable is a table whose every call takes at least latency longer
// than the table it wraps.
type latencyTable struct {
	persistence.Table
	latency time.Duration
}

// wait takes the latency of one call; a call whose context ended meanwhile
// fails with the context's error and is not made.
func wait(ctx context.Context, latency time.Duration) error {
	time.Sleep(latency)
	return ctx.Err()
}

func (t latencyTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	if err := wait(ctx, t.latency); err != nil {
		return nil, err
	}
	return t.Table.Get(ctx, key)
}

func (t latencyTable) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	if err := wait(ctx, t.latency); err != nil {
		return persistence.Page{}, err
	}
	return t.Table.Query(ctx, q)
}

func (t latencyTable) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	if err := wait(ctx, t.latency); err != nil {
		return persistence.Page{}, err
	}
	return t.Table.QueryIndex(ctx, q)
}

func (t latencyTable) Scan(ctx context.Context, s persistence.Scan) (persistence.Page, error) {
	if err := wait(ctx, t.latency); err != nil {
		return persistence.Page{}, err
	}
	return t.Table.Scan(ctx, s)
}

func (t latencyTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	if err := wait(ctx, t.latency); err != nil {
		return err
	}
	return t.Table.Put(ctx, item, cond)
}

func (t latencyTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	if err := wait(ctx, t.latency); err != nil {
		return nil, err
	}
	return t.Table.Update(ctx, key, upd, cond)
}

func (t latencyTable) Delete(ctx context.Context, key persistence.Key, cond *persistence.Condition) error {
	if err := wait(ctx, t.latency); err != nil {
		return err
	}
	return t.Table.Delete(ctx, key, cond)
}

func (t latencyTable) BatchWrite(ctx context.Context, puts []persistence.Item, deletes []persistence.Key) error {
	if err := wait(ctx, t.latency); err != nil {
		return err
	}
	return t.Table.BatchWrite(ctx, puts, deletes)
}

func (t latencyTable) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	if err := wait(ctx, t.latency); err != nil {
		return err
	}
	return t.Table.Transact(ctx, writes)
}

// sendOnlyQueue stands for SQS on the webhook's side: every send takes
// latency and is counted, nothing is ever delivered (so no turn adds table
// requests to the webhook's), and, like SQS, it is no queue.Reserver.
type sendOnlyQueue struct {
	latency time.Duration
	sends   atomic.Int64
}

func (q *sendOnlyQueue) Send(ctx context.Context, _ queue.Message) error {
	if err := wait(ctx, q.latency); err != nil {
		return err
	}
	q.sends.Add(1)
	return nil
}

// Run delivers nothing until ctx ends.
func (q *sendOnlyQueue) Run(ctx context.Context, _ queue.Handler) error {
	<-ctx.Done()
	return nil
}

func (q *sendOnlyQueue) Close() error { return nil }
