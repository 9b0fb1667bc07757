package webhook_test

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/internal/clocktest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
)

var _ inbound.Metrics = (*deferCounter)(nil)

type deferCounter struct{ n atomic.Int64 }

func (d *deferCounter) InboundDeferred() { d.n.Add(1) }
func (d *deferCounter) InboundStale()    {}

// fullHarness is the handler over the in-process queue with room for one
// message, which nothing consumes until consume is called.
type fullHarness struct {
	*harness
	queue    *inprocess.Queue
	deferred *deferCounter

	mu       sync.Mutex
	ops      []string // table operations on receipts, while counting
	counting bool
}

func newFullHarness(t *testing.T) *fullHarness {
	t.Helper()
	clk := clocktest.New(testStart)
	table := &faultyTable{Table: memory.New(memory.WithClock(clk.Now))}
	q, err := inprocess.New(inprocess.Config{Capacity: 1}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Close() })
	f := &fullHarness{queue: q, deferred: &deferCounter{}}
	platform := newPlatform(t, cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a", "instance_b"}, Now: clk.Now}, AppSecret: testSecret})
	handler := newHandler(t, webhook.Config{}, inbound.Config{Now: clk.Now}, platform,
		inbound.Deps{Table: table, Queue: q, Metrics: f.deferred}, zap.NewNop())
	f.harness = &harness{t: t, app: newApp(handler), table: table, clock: clk}
	table.setFail(func(op string, k persistence.Key) error {
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.counting && k.SK == persistence.ReceiptSK {
			f.ops = append(f.ops, op)
		}
		return nil
	})
	return f
}

// count returns the receipt operations of do.
func (f *fullHarness) count(do func()) []string {
	f.mu.Lock()
	f.ops, f.counting = nil, true
	f.mu.Unlock()
	do()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.counting = false
	return f.ops
}

// consume runs the queue until the test ends; got receives what it handles.
func (f *fullHarness) consume(t *testing.T) <-chan queue.Message {
	got := make(chan queue.Message, 16)
	ctx, cancel := context.WithCancel(context.Background())
	var running sync.WaitGroup
	running.Go(func() {
		_ = f.queue.Run(ctx, func(_ context.Context, m queue.Message) error {
			got <- m
			return nil
		})
	})
	t.Cleanup(func() { cancel(); running.Wait() })
	return got
}

func (f *fullHarness) receipt(id string) storedReceipt {
	f.t.Helper()
	for _, r := range f.receipts() {
		if r.MessageID == id {
			return r
		}
	}
	f.t.Fatalf("no receipt %s", id)
	return storedReceipt{}
}

// When the queue is full the webhook still answers 200 at once, for the cost
// of the receipt's put and without a claim: the message is kept by its
// receipt, which the recovery sweep enqueues later. A redelivery is not
// blocked by a claim: while the queue is still full it is acknowledged
// without a write, and once there is room it enqueues the message.
func TestFullQueueLeavesTheMessageToItsReceipt(t *testing.T) {
	leaktest.Check(t)
	f := newFullHarness(t)
	if err := f.queue.Send(context.Background(), queue.Message{PhoneNumber: "+1", MessageID: "filler"}); err != nil {
		t.Fatal(err)
	}
	body := readFile(t, "one_message.json")

	var sum webhook.Summary
	if ops := f.count(func() { sum = f.deliver(body) }); !slices.Equal(ops, []string{"put"}) {
		t.Errorf("a new message on a full queue cost %v, want one put", ops)
	}
	if sum.Accepted != 1 {
		t.Errorf("summary %+v, want the message accepted", sum)
	}
	if r := f.receipt("wamid.ONE"); r.Claimed || r.CompletedAt != nil {
		t.Errorf("receipt %+v, want it recorded without a claim", r)
	}

	if ops := f.count(func() { sum = f.deliver(body) }); slices.Contains(ops, "update") {
		t.Errorf("a redelivery on a full queue wrote %v, want no claim taken", ops)
	}
	if sum.Accepted != 1 || sum.Duplicates != 0 {
		t.Errorf("redelivery on a full queue %+v, want it acknowledged as accepted", sum)
	}
	status, answer := f.post("/webhook/internal", readFile(t, "internal_with_id.json"), true)
	var reply webhook.InternalReply
	if err := json.Unmarshal(answer, &reply); status != 200 || err != nil || reply.Duplicate {
		t.Errorf("internal route on a full queue: %d %s, want 200, not a duplicate", status, answer)
	}
	if n := f.deferred.n.Load(); n != 3 {
		t.Errorf("%d deferrals counted, want 3", n)
	}

	got := f.consume(t)
	if m := <-got; m.MessageID != "filler" {
		t.Fatalf("consumed %s first, want the filler", m.MessageID)
	}
	// The filler's slot is freed just after its handler returns: the
	// platform's redeliveries are acknowledged until one finds room, and
	// that one enqueues the message under its claim.
	deadline := time.Now().Add(10 * time.Second)
	for !f.receipt("wamid.ONE").Claimed {
		if sum = f.deliver(body); sum.Accepted != 1 {
			t.Fatalf("redelivery %+v, want the message accepted", sum)
		}
		if time.Now().After(deadline) {
			t.Fatal("no redelivery found room in the queue")
		}
	}
	select {
	case m := <-got:
		if m.MessageID != "wamid.ONE" || m.Turn == nil || m.Turn.Content == "" {
			t.Fatalf("consumed %+v, want wamid.ONE with its turn", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the claimed message was never consumed")
	}
}

// A claim younger than the lease makes a redelivery a duplicate when the
// queue is full, as it does when it is not; after the lease the
// redelivery is acknowledged without taking a claim it could not use.
func TestFullQueueAndAClaimedMessage(t *testing.T) {
	f := newFullHarness(t)
	body := readFile(t, "one_message.json")
	if sum := f.deliver(body); sum.Accepted != 1 { // takes the only room
		t.Fatalf("first delivery %+v, want accepted", sum)
	}
	if sum := f.deliver(body); sum.Duplicates != 1 || sum.Accepted != 0 {
		t.Errorf("redelivery within the lease on a full queue %+v, want a duplicate", sum)
	}

	f.clock.Advance(31 * time.Second)
	var sum webhook.Summary
	if ops := f.count(func() { sum = f.deliver(body) }); slices.Contains(ops, "update") {
		t.Errorf("redelivery after the lease on a full queue wrote %v, want no claim taken", ops)
	}
	if sum.Accepted != 1 {
		t.Errorf("redelivery after the lease %+v, want it acknowledged", sum)
	}
	if err := persistence.NewReceipts(f.table).Complete(context.Background(), "wamid.ONE", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if sum := f.deliver(body); sum.Duplicates != 1 {
		t.Errorf("redelivery after the answer %+v, want a duplicate", sum)
	}
}

// A delivery that finds nothing to enqueue gives its room back.
func TestDuplicateGivesItsRoomBack(t *testing.T) {
	leaktest.Check(t)
	f := newFullHarness(t)
	body := readFile(t, "one_message.json")
	f.deliver(body)
	got := f.consume(t)
	<-got
	if err := persistence.NewReceipts(f.table).Complete(context.Background(), "wamid.ONE", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if sum := f.deliver(body); sum.Duplicates != 1 {
			t.Fatalf("redelivery %+v, want a duplicate", sum)
		}
	}
	// With room for one message, a room the duplicates kept would leave
	// this one to the sweep. The first message's slot is freed just after
	// its handler returns, so wait for it.
	waitRoom(t, f.queue)
	status, answer := f.post("/webhook/internal", readFile(t, "internal_with_id.json"), true)
	if status != 200 {
		t.Fatalf("internal delivery answered %d %s", status, answer)
	}
	if m := <-got; m.MessageID != "internal-42" {
		t.Errorf("consumed %s, want internal-42", m.MessageID)
	}
	if n := f.deferred.n.Load(); n != 0 {
		t.Errorf("%d deferrals, want none", n)
	}
}

// waitRoom waits until q has room for a message.
func waitRoom(t *testing.T, q *inprocess.Queue) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		r, err := q.TryReserve(context.Background())
		if err == nil {
			r.Release()
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the queue never had room")
		}
		time.Sleep(time.Millisecond)
	}
}
