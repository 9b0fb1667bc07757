package runtime_test

import (
	"context"
	"sync/atomic"

	"github.com/intake-runtime/intake/persistence"
)

// countingTable counts the requests made to the table it wraps, as DynamoDB
// would bill them: one per call (a BatchWrite of up to 25 items, a
// transaction of up to 100, a page of a query each count once).
type countingTable struct {
	persistence.Table
	reads, writes atomic.Int64
}

func (t *countingTable) requests() int64 { return t.reads.Load() + t.writes.Load() }

func (t *countingTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	t.reads.Add(1)
	return t.Table.Get(ctx, key)
}

func (t *countingTable) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	t.reads.Add(1)
	return t.Table.Query(ctx, q)
}

func (t *countingTable) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	t.reads.Add(1)
	return t.Table.QueryIndex(ctx, q)
}

func (t *countingTable) Scan(ctx context.Context, s persistence.Scan) (persistence.Page, error) {
	t.reads.Add(1)
	return t.Table.Scan(ctx, s)
}

func (t *countingTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	t.writes.Add(1)
	return t.Table.Put(ctx, item, cond)
}

func (t *countingTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	t.writes.Add(1)
	return t.Table.Update(ctx, key, upd, cond)
}

func (t *countingTable) Delete(ctx context.Context, key persistence.Key, cond *persistence.Condition) error {
	t.writes.Add(1)
	return t.Table.Delete(ctx, key, cond)
}

func (t *countingTable) BatchWrite(ctx context.Context, puts []persistence.Item, deletes []persistence.Key) error {
	t.writes.Add(int64(max(1, (len(puts)+len(deletes)+24)/25)))
	return t.Table.BatchWrite(ctx, puts, deletes)
}

func (t *countingTable) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	t.writes.Add(1)
	return t.Table.Transact(ctx, writes)
}
