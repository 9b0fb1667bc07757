package persistencetest

import (
	"context"
	"sync/atomic"

	"github.com/intake-runtime/intake/persistence"
)

// CountingTable counts the requests made to the table it wraps, as DynamoDB
// would bill them: one per call (a BatchWrite of up to 25 items, a
// transaction of up to 100, a page of a query each count once). Benchmarks
// and tests read the cost of a path from it. It is safe for concurrent use.
type CountingTable struct {
	persistence.Table
	Reads, Writes atomic.Int64
	// Scans counts the Scan pages among Reads: a request path that should be
	// served by keys or the index shows 0.
	Scans atomic.Int64
}

// Requests is every request counted so far.
func (t *CountingTable) Requests() int64 { return t.Reads.Load() + t.Writes.Load() }

func (t *CountingTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	t.Reads.Add(1)
	return t.Table.Get(ctx, key)
}

func (t *CountingTable) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	t.Reads.Add(1)
	return t.Table.Query(ctx, q)
}

func (t *CountingTable) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	t.Reads.Add(1)
	return t.Table.QueryIndex(ctx, q)
}

func (t *CountingTable) Scan(ctx context.Context, s persistence.Scan) (persistence.Page, error) {
	t.Reads.Add(1)
	t.Scans.Add(1)
	return t.Table.Scan(ctx, s)
}

func (t *CountingTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	t.Writes.Add(1)
	return t.Table.Put(ctx, item, cond)
}

func (t *CountingTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	t.Writes.Add(1)
	return t.Table.Update(ctx, key, upd, cond)
}

func (t *CountingTable) Delete(ctx context.Context, key persistence.Key, cond *persistence.Condition) error {
	t.Writes.Add(1)
	return t.Table.Delete(ctx, key, cond)
}

func (t *CountingTable) BatchWrite(ctx context.Context, puts []persistence.Item, deletes []persistence.Key) error {
	t.Writes.Add(int64(max(1, (len(puts)+len(deletes)+24)/25)))
	return t.Table.BatchWrite(ctx, puts, deletes)
}

func (t *CountingTable) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	t.Writes.Add(1)
	return t.Table.Transact(ctx, writes)
}

func (t *CountingTable) BatchGet(ctx context.Context, keys []persistence.Key) ([]persistence.Item, error) {
	t.Reads.Add(int64(max(1, (len(keys)+99)/100)))
	return t.Table.BatchGet(ctx, keys)
}
