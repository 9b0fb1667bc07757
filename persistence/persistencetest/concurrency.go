package persistencetest

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

// testConcurrentConditionalPut is the receipt race: 50 deliveries of one
// platform message write its receipt at once with a conditional put, and
// exactly one of them may win.
func testConcurrentConditionalPut(t *testing.T, tbl persistence.Table) {
	const workers = 50
	key := persistence.Key{PK: "RECEIPT#wamid.HBgLNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA", SK: "RECEIPT"}
	var (
		wg        sync.WaitGroup
		won       atomic.Int32
		conflicts atomic.Int32
		winner    atomic.Int32
		start     = make(chan struct{})
	)
	for i := range workers {
		wg.Go(func() {
			<-start
			receipt := item(key.PK, key.SK, map[string]any{"worker": i, "ttl": 4102444800})
			err := tbl.Put(t.Context(), receipt, persistence.NotExists(persistence.AttrPK).Ptr())
			switch {
			case err == nil:
				won.Add(1)
				winner.Store(int32(i))
			case errors.Is(err, persistence.ErrConflict):
				conflicts.Add(1)
			default:
				t.Errorf("worker %d: %v", i, err)
			}
		})
	}
	close(start)
	wg.Wait()
	if won.Load() != 1 || conflicts.Load() != workers-1 {
		t.Fatalf("%d puts succeeded and %d got ErrConflict; want 1 and %d", won.Load(), conflicts.Load(), workers-1)
	}
	stored := get(t, tbl, key.PK, key.SK)
	wantItem(t, stored, item(key.PK, key.SK, map[string]any{"worker": int(winner.Load()), "ttl": 4102444800}))
}

func testCanceledContext(t *testing.T, tbl persistence.Table) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	key := persistence.Key{PK: "P", SK: "S"}
	_, err := tbl.Get(ctx, key)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Get with a canceled context: %v; want context.Canceled", err)
	}
	if err := tbl.Put(ctx, item(key.PK, key.SK, nil), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Put with a canceled context: %v; want context.Canceled", err)
	}
	if _, err := tbl.Query(ctx, persistence.Query{PK: key.PK}); !errors.Is(err, context.Canceled) {
		t.Errorf("Query with a canceled context: %v; want context.Canceled", err)
	}
	if err := tbl.BatchWrite(ctx, []persistence.Item{item(key.PK, key.SK, nil)}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("BatchWrite with a canceled context: %v; want context.Canceled", err)
	}
	if err := tbl.Transact(ctx, []persistence.TxWrite{persistence.PutTx(item(key.PK, key.SK, nil), nil)}); !errors.Is(err, context.Canceled) {
		t.Errorf("Transact with a canceled context: %v; want context.Canceled", err)
	}
	wantAbsent(t, tbl, key.PK, key.SK)
}
