package inbound_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/internal/clocktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/queue"
)

// testStart is the tests' "now"; the memory table runs on the same clock.
var testStart = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

var (
	errQueueDown = errors.New("queue down")
	errTableDown = errors.New("table down")
)

// fakeQueue is a queue bounded in memory (a queue.Reserver) whose state the
// test switches: full refuses room, fail fails every send. held counts the
// room taken and neither used nor given back.
type fakeQueue struct {
	mu   sync.Mutex
	full bool
	fail error
	sent []domain.QueueMessage
	held int
}

var _ queue.Reserver = (*fakeQueue)(nil)

func (q *fakeQueue) Send(_ context.Context, m domain.QueueMessage) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.fail != nil {
		return q.fail
	}
	q.sent = append(q.sent, m)
	return nil
}

func (q *fakeQueue) TryReserve(context.Context) (queue.Reservation, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.full {
		return nil, queue.ErrFull
	}
	q.held++
	return &room{q: q}, nil
}

func (q *fakeQueue) set(full bool, fail error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.full, q.fail = full, fail
}

func (q *fakeQueue) state() (sent, held int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.sent), q.held
}

type room struct {
	q    *fakeQueue
	done bool
}

func (r *room) Send(ctx context.Context, m domain.QueueMessage) error {
	if err := r.q.Send(ctx, m); err != nil {
		return err
	}
	r.end()
	return nil
}

func (r *room) Release() { r.end() }

func (r *room) end() {
	if r.done {
		return
	}
	r.done = true
	r.q.mu.Lock()
	r.q.held--
	r.q.mu.Unlock()
}

// countingTable is the memory table that lists the operations on receipts
// and fails them all while down is set.
type countingTable struct {
	persistence.Table
	mu   sync.Mutex
	ops  []string
	down bool
}

func (c *countingTable) note(op string, key persistence.Key) error {
	if key.SK != persistence.ReceiptSK {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ops = append(c.ops, op)
	if c.down {
		return errTableDown
	}
	return nil
}

func (c *countingTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	if err := c.note("get", key); err != nil {
		return nil, err
	}
	return c.Table.Get(ctx, key)
}

func (c *countingTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	if err := c.note("put", itemKey(item)); err != nil {
		return err
	}
	return c.Table.Put(ctx, item, cond)
}

func (c *countingTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	if err := c.note("update", key); err != nil {
		return nil, err
	}
	return c.Table.Update(ctx, key, upd, cond)
}

func itemKey(item persistence.Item) persistence.Key {
	str := func(name string) string {
		if v, ok := item[name].(*types.AttributeValueMemberS); ok {
			return v.Value
		}
		return ""
	}
	return persistence.Key{PK: str(persistence.AttrPK), SK: str(persistence.AttrSK)}
}

// take returns the receipt operations since the last take.
func (c *countingTable) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	ops := c.ops
	c.ops = nil
	return ops
}

func (c *countingTable) setDown(down bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down = down
}

// deferCounter is Metrics counting what the Acceptor decides.
type deferCounter struct {
	mu              sync.Mutex
	deferred, stale int
}

var _ inbound.Metrics = (*deferCounter)(nil)

func (d *deferCounter) InboundDeferred() { d.mu.Lock(); d.deferred++; d.mu.Unlock() }
func (d *deferCounter) InboundStale()    { d.mu.Lock(); d.stale++; d.mu.Unlock() }

// fixture is one Acceptor over a memory table and a fake queue.
type fixture struct {
	t        *testing.T
	clock    *clocktest.Clock
	table    *countingTable
	queue    *fakeQueue
	metrics  *deferCounter
	acceptor *inbound.Acceptor
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	clk := clocktest.New(testStart)
	f := &fixture{
		t:       t,
		clock:   clk,
		table:   &countingTable{Table: memory.New(memory.WithClock(clk.Now))},
		queue:   &fakeQueue{},
		metrics: &deferCounter{},
	}
	a, err := inbound.New(inbound.Config{Now: clk.Now},
		inbound.Deps{Table: f.table, Queue: f.queue, Metrics: f.metrics}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.acceptor = a
	return f
}

// message is the customer message with platform ID id, sent at testStart.
func message(id string) messaging.InboundMessage {
	return messaging.InboundMessage{
		PhoneNumber: "+5511988887777", Content: "Oi", MessageType: domain.MessageText,
		Instance: "instance_a", ProviderMessageID: id, ReceivedAt: testStart,
	}
}

// accept delivers message(id) and fails the test on an error.
func (f *fixture) accept(id string) inbound.Outcome {
	f.t.Helper()
	out, err := f.acceptor.Accept(context.Background(), message(id))
	if err != nil {
		f.t.Fatalf("accept %s: %v", id, err)
	}
	return out
}

// answer marks id answered, as the commit of its turn does.
func (f *fixture) answer(id string) {
	f.t.Helper()
	if err := persistence.NewReceipts(f.table.Table).Complete(context.Background(), id, f.clock.Now()); err != nil {
		f.t.Fatal(err)
	}
}

// enqueueState is what id's receipt says now.
func (f *fixture) enqueueState(id string) persistence.EnqueueState {
	f.t.Helper()
	s, err := persistence.NewReceipts(f.table.Table).EnqueueState(context.Background(), id, f.clock.Now(), 30*time.Second)
	if err != nil {
		f.t.Fatal(err)
	}
	return s
}

// sentIDs are the message IDs sent, in order.
func (q *fakeQueue) sentIDs() []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	ids := make([]string, len(q.sent))
	for i, m := range q.sent {
		ids[i] = m.MessageID
	}
	return ids
}
