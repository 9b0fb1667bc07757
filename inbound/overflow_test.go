package inbound_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
)

// Past the in-process queue's slots, a message waits in its overflow: the
// Acceptor takes that for room like any other (one put, receipt and claim,
// Accepted, nothing deferred), and the message reaches its conversation
// with its turn, without a read of its receipt. A recovery sweep that comes
// while it still waits does not queue it a second time: one delivery, so
// one turn and one model call.
func TestAMessageInTheOverflowIsAcceptedAndDeliveredOnce(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	q, err := inprocess.New(inprocess.Config{Capacity: 1, Overflow: 4}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	acceptor, err := inbound.New(inbound.Config{Now: f.clock.Now},
		inbound.Deps{Table: f.table, Queue: q, Metrics: f.metrics}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"wamid.SLOT", "wamid.WAITS"} {
		out, err := acceptor.Accept(ctx, message(id))
		if err != nil || out != inbound.Accepted {
			t.Fatalf("Accept %s = %v, %v; want accepted", id, out, err)
		}
		if ops := f.table.take(); !slices.Equal(ops, []string{"put"}) {
			t.Errorf("accepting %s cost %v, want one put", id, ops)
		}
	}
	if f.metrics.deferred != 0 || q.Overflowing() != 1 {
		t.Fatalf("%d deferred and %d in the overflow, want none deferred and one waiting", f.metrics.deferred, q.Overflowing())
	}

	f.clock.Advance(10 * time.Minute) // the turns are far behind: the sweep lists both
	conv := &conversations{}
	sweep, err := inbound.NewRecovery(inbound.RecoveryConfig{After: 2 * time.Minute, Now: f.clock.Now},
		inbound.RecoveryDeps{Table: f.table, Queue: q, Conversations: conv}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := sweep.Sweep(ctx, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if n := q.Overflowing(); n != 2 {
		// The one in a lane gets a copy behind it, which its conversation
		// recognises or its receipt drops; the one in the overflow none.
		t.Fatalf("%d messages in the overflow after the sweep, want 2: the copy of the one in a lane, and the waiting one once", n)
	}
	f.table.take()

	deliver, err := inbound.NewDeliverer(inbound.DelivererDeps{Table: f.table, Conversations: conv, Now: f.clock.Now}, nil)
	if err != nil {
		t.Fatal(err)
	}
	handled := make(chan domain.QueueMessage, 8)
	runCtx, stop := context.WithCancel(ctx)
	running := make(chan error, 1)
	go func() {
		running <- q.Run(runCtx, func(ctx context.Context, m queue.Message) error {
			handled <- m
			return deliver.Handle(ctx, m)
		})
	}()
	var waits []domain.QueueMessage
	for range 3 {
		select {
		case m := <-handled:
			if m.MessageID == "wamid.WAITS" {
				waits = append(waits, m)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the queue handed over fewer than 3 messages")
		}
	}
	stop()
	if err := <-running; err != nil {
		t.Fatal(err)
	}
	if len(waits) != 1 || waits[0].Turn == nil {
		t.Fatalf("the overflowed message was handed over %d times (%+v), want once with its turn", len(waits), waits)
	}
	if ops := f.table.take(); !slices.Equal(ops, []string{"get"}) {
		t.Errorf("delivering cost %v on receipts, want only the read of the sweep's copy of the other message", ops)
	}
}
