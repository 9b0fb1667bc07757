package inbound_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence"
)

// TestOutcomes is the specification of acceptance: what a delivery of one
// message concludes from the receipt and the queue, what it sends, what it
// costs the table, and what the receipt says afterwards. Every row delivers
// wamid.X once after its setup.
func TestOutcomes(t *testing.T) {
	const id = "wamid.X"
	tests := []struct {
		name string
		// setup brings the receipt and the queue where the row starts.
		setup func(f *fixture)
		want  inbound.Outcome
		// sent is how many queue messages the delivery itself sends.
		sent int
		// ops are the delivery's receipt operations, in order.
		ops []string
		// after is what the receipt says once the delivery is over.
		after persistence.EnqueueState
		// deferred is how many deferrals the delivery itself counts.
		deferred int
	}{{
		name:  "a new message is recorded with its claim and enqueued",
		setup: func(*fixture) {},
		want:  inbound.Accepted, sent: 1, ops: []string{"put"}, after: persistence.EnqueueClaimed,
	}, {
		name:  "a new message on a full queue is recorded without a claim and left to the sweep",
		setup: func(f *fixture) { f.queue.set(true, nil) },
		want:  inbound.Deferred, ops: []string{"put"}, after: persistence.EnqueueFree, deferred: 1,
	}, {
		name:  "a message a turn took is a duplicate",
		setup: func(f *fixture) { f.accept(id); f.answer(id) },
		want:  inbound.Duplicate, ops: []string{"put", "update", "get"}, after: persistence.EnqueueTaken,
	}, {
		name:  "a message a turn took is a duplicate on a full queue too",
		setup: func(f *fixture) { f.accept(id); f.answer(id); f.queue.set(true, nil) },
		want:  inbound.Duplicate, ops: []string{"put", "get"}, after: persistence.EnqueueTaken,
	}, {
		name:  "another delivery's claim younger than the lease is in progress (acknowledged: the receipt keeps it)",
		setup: func(f *fixture) { f.accept(id) },
		want:  inbound.InProgress, ops: []string{"put", "update", "get"}, after: persistence.EnqueueClaimed,
	}, {
		name:  "another delivery's claim younger than the lease is in progress (acknowledged: the receipt keeps it) on a full queue",
		setup: func(f *fixture) { f.accept(id); f.queue.set(true, nil) },
		want:  inbound.InProgress, ops: []string{"put", "get"}, after: persistence.EnqueueClaimed,
	}, {
		name:  "a claim older than the lease is taken over and the message enqueued again",
		setup: func(f *fixture) { f.accept(id); f.clock.Advance(31 * time.Second) },
		want:  inbound.Accepted, sent: 1, ops: []string{"put", "update"}, after: persistence.EnqueueClaimed,
	}, {
		name: "a claim older than the lease on a full queue is not taken: the sweep has it",
		setup: func(f *fixture) {
			f.accept(id)
			f.clock.Advance(31 * time.Second)
			f.queue.set(true, nil)
		},
		want: inbound.Deferred, ops: []string{"put", "get"}, after: persistence.EnqueueFree, deferred: 1,
	}, {
		name: "a claim given back after a failed enqueue is taken at once",
		setup: func(f *fixture) {
			f.queue.set(false, errQueueDown)
			if _, err := f.acceptor.Accept(context.Background(), message(id)); !errors.Is(err, errQueueDown) {
				t.Fatalf("accept on a failing queue: %v, want the queue's error", err)
			}
			f.queue.set(false, nil)
		},
		want: inbound.Accepted, sent: 1, ops: []string{"put", "update"}, after: persistence.EnqueueClaimed,
	}, {
		name:  "a deferred message is enqueued by the first redelivery that finds room",
		setup: func(f *fixture) { f.queue.set(true, nil); f.accept(id); f.queue.set(false, nil) },
		want:  inbound.Accepted, sent: 1, ops: []string{"put", "update"}, after: persistence.EnqueueClaimed,
	}, {
		name:  "a deferred message stays deferred while the queue is full, without a write",
		setup: func(f *fixture) { f.queue.set(true, nil); f.accept(id) },
		want:  inbound.Deferred, ops: []string{"put", "get"}, after: persistence.EnqueueFree, deferred: 1,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			tt.setup(f)
			sentBefore, _ := f.queue.state()
			deferredBefore := f.metrics.deferred
			f.table.take()

			if got := f.accept(id); got != tt.want {
				t.Errorf("outcome %v, want %v", got, tt.want)
			}
			sent, held := f.queue.state()
			if sent-sentBefore != tt.sent {
				t.Errorf("sent %d queue messages, want %d", sent-sentBefore, tt.sent)
			}
			if held != 0 {
				t.Errorf("%d rooms kept unused, want every one given back", held)
			}
			if ops := f.table.take(); !slices.Equal(ops, tt.ops) {
				t.Errorf("receipt operations %v, want %v", ops, tt.ops)
			}
			if got := f.enqueueState(id); got != tt.after {
				t.Errorf("receipt says %v afterwards, want %v", got, tt.after)
			}
			if n := f.metrics.deferred - deferredBefore; n != tt.deferred {
				t.Errorf("%d deferrals counted, want %d", n, tt.deferred)
			}
		})
	}
}

// A failure is an error, never an outcome: the sender must deliver again,
// and what was written is finished by that redelivery.
func TestFailures(t *testing.T) {
	const id = "wamid.X"
	tests := []struct {
		name  string
		setup func(f *fixture)
		want  error
		// after is what the receipt says once the table is back.
		after persistence.EnqueueState
	}{
		{"the queue fails: the claim is given back", func(f *fixture) { f.queue.set(false, errQueueDown) },
			errQueueDown, persistence.EnqueueFree},
		{"the table fails: nothing is recorded", func(f *fixture) { f.table.setDown(true) },
			errTableDown, persistence.EnqueueGone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			tt.setup(f)
			out, err := f.acceptor.Accept(context.Background(), message(id))
			if !errors.Is(err, tt.want) || out != 0 {
				t.Errorf("Accept = %v, %v; want no outcome and %v", out, err, tt.want)
			}
			if sent, held := f.queue.state(); sent != 0 || held != 0 {
				t.Errorf("%d sent, %d rooms kept; want none", sent, held)
			}
			f.table.setDown(false)
			if got := f.enqueueState(id); got != tt.after {
				t.Errorf("receipt says %v, want %v", got, tt.after)
			}
		})
	}
}

// Without a bound in memory (SQS) the send is the hand-off, and it is given
// half the claim lease, so it ends while the claim is still this delivery's.
func TestUnboundedQueueSendEndsWithinTheLease(t *testing.T) {
	var deadline time.Duration
	q := sendFunc(func(ctx context.Context, _ domain.QueueMessage) error {
		d, ok := ctx.Deadline()
		if !ok {
			t.Error("the send has no deadline")
		}
		deadline = time.Until(d)
		return nil
	})
	f := newFixture(t)
	a, err := inbound.New(inbound.Config{Now: f.clock.Now, ClaimLease: 10 * time.Second}, inbound.Deps{Table: f.table, Queue: q}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := a.Accept(context.Background(), message("wamid.X")); out != inbound.Accepted || err != nil {
		t.Fatalf("Accept = %v, %v; want accepted", out, err)
	}
	if deadline <= 0 || deadline > 5*time.Second {
		t.Errorf("the send had %v left, want at most half the lease (5s)", deadline)
	}
}

// sendFunc is an Enqueuer without a bound in memory.
type sendFunc func(ctx context.Context, m domain.QueueMessage) error

func (s sendFunc) Send(ctx context.Context, m domain.QueueMessage) error { return s(ctx, m) }

// A message older than MaxAge is stale and counted; one within it is not.
func TestStale(t *testing.T) {
	tests := []struct {
		name string
		age  time.Duration
		want bool
	}{
		{"sent now", 0, false},
		{"sent at the horizon", 24 * time.Hour, false},
		{"sent past the horizon", 24*time.Hour + time.Second, true},
	}
	f := newFixture(t)
	a, err := inbound.New(inbound.Config{Now: f.clock.Now, MaxAge: 24 * time.Hour},
		inbound.Deps{Table: f.table, Queue: f.queue, Metrics: f.metrics}, nil)
	if err != nil {
		t.Fatal(err)
	}
	stale := 0
	for _, tt := range tests {
		m := message("wamid.X")
		m.ReceivedAt = testStart.Add(-tt.age)
		if got := a.Stale(m); got != tt.want {
			t.Errorf("%s: Stale = %v, want %v", tt.name, got, tt.want)
		}
		if tt.want {
			stale++
		}
	}
	if f.metrics.stale != stale {
		t.Errorf("%d stale counted, want %d", f.metrics.stale, stale)
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	f := newFixture(t)
	deps := inbound.Deps{Table: f.table, Queue: f.queue}
	tests := []struct {
		name string
		cfg  inbound.Config
		deps inbound.Deps
	}{
		{"no table", inbound.Config{}, inbound.Deps{Queue: f.queue}},
		{"no queue", inbound.Config{}, inbound.Deps{Table: f.table}},
		{"negative ttl", inbound.Config{ReceiptTTL: -time.Second}, deps},
		{"ttl shorter than the lease", inbound.Config{ReceiptTTL: time.Second}, deps},
		{"max age beyond the ttl", inbound.Config{ReceiptTTL: time.Hour, MaxAge: 2 * time.Hour}, deps},
	}
	for _, tt := range tests {
		if _, err := inbound.New(tt.cfg, tt.deps, nil); err == nil {
			t.Errorf("%s: New accepted the configuration", tt.name)
		}
	}
	if _, err := inbound.New(inbound.Config{}, deps, nil); err != nil {
		t.Errorf("New refused a valid configuration: %v", err)
	}
}
