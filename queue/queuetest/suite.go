// Package queuetest is the contract suite of the queue port: what
// queue.Sender, queue.Reserver and queue.Consumer promise, stated once and run
// by every implementation's tests in one line (queuetest.Run(t, newQueue)), so
// the in-process queue and SQS cannot drift apart in what the webhook and the
// runtime may assume of them.
//
// It is test support: production code never imports it.
package queuetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/queue"
)

// Queue is one queue under test: its producer side and its consumer side,
// empty and not yet running.
type Queue struct {
	Sender   queue.Sender
	Consumer queue.Consumer
	// Redelivery is the longest a failed message may take to come back (the
	// visibility timeout on SQS, the retry backoff in memory). The suite
	// waits that long, and more, for a redelivery, and as long before it
	// concludes that a message is not delivered again.
	Redelivery time.Duration
}

// New returns a fresh, empty queue for one test; it is stopped with the test.
type New func(t *testing.T) Queue

// Run runs the contract suite against the queues newQueue makes. The
// Reservation and Close parts run when the Sender is a queue.Reserver or an
// io.Closer.
func Run(t *testing.T, newQueue New) {
	tests := []struct {
		name string
		run  func(*testing.T, New)
	}{
		{"EverySentMessageIsDelivered", everySentMessageIsDelivered},
		{"AFailedMessageIsDeliveredAgain", aFailedMessageIsDeliveredAgain},
		{"AHandledMessageIsNotDeliveredAgain", aHandledMessageIsNotDeliveredAgain},
		{"AMalformedMessageIsRefused", aMalformedMessageIsRefused},
		{"AFailedSendEnqueuesNothing", aFailedSendEnqueuesNothing},
		{"RunStopsWithItsContext", runStopsWithItsContext},
		{"RunWithoutAHandlerCannotStart", runWithoutAHandlerCannotStart},
		{"Reservation", reservation},
		{"Close", closed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.run(t, newQueue) })
	}
}

// phone is the one phone of the suite's messages: the in-process queue
// keeps one phone's messages in order, so a message sent after another is
// a marker that the first would have been delivered by now.
const phone = "+5511999990000"

func message(id string) queue.Message { return queue.Message{PhoneNumber: phone, MessageID: id} }

// deliveries records what a handler was given.
type deliveries struct {
	mu   sync.Mutex
	seen []queue.Message
}

func (d *deliveries) add(m queue.Message) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.seen = append(d.seen, m)
}

// count is how often the message id was delivered.
func (d *deliveries) count(id string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for _, m := range d.seen {
		if m.MessageID == id {
			n++
		}
	}
	return n
}

func (d *deliveries) ids() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var ids []string
	for _, m := range d.seen {
		ids = append(ids, m.MessageID)
	}
	return ids
}

// consume runs q.Consumer with handle until the test ends, and checks that
// Run then returns nil.
func consume(t *testing.T, q Queue, handle queue.Handler) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() { runErr <- q.Consumer.Run(ctx, handle) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-runErr:
			if err != nil {
				t.Errorf("Run after its ctx was cancelled = %v, want nil", err)
			}
		case <-time.After(30 * time.Second):
			t.Error("Run did not return after its ctx was cancelled")
		}
	})
}

// recording consumes q, recording every delivery, and fails the deliveries
// fail says to fail.
func recording(t *testing.T, q Queue, fail func(queue.Message) error) *deliveries {
	t.Helper()
	d := &deliveries{}
	consume(t, q, func(_ context.Context, m queue.Message) error {
		d.add(m)
		if fail != nil {
			return fail(m)
		}
		return nil
	})
	return d
}

// eventually polls cond until it holds, failing after a deadline generous
// enough for a long poll and a redelivery: the suite checks outcomes, never
// how fast they come.
func eventually(t *testing.T, q Queue, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20*time.Second + 3*q.Redelivery)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func send(t *testing.T, s queue.Sender, m queue.Message) {
	t.Helper()
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatalf("Send(%s) = %v", m.MessageID, err)
	}
}

// settle waits until a marker message sent now was delivered, and then
// Redelivery more: what was not delivered by then is taken as never.
func settle(t *testing.T, q Queue, d *deliveries, marker string) {
	t.Helper()
	send(t, q.Sender, message(marker))
	eventually(t, q, "the marker "+marker+" was delivered", func() bool { return d.count(marker) > 0 })
	time.Sleep(q.Redelivery + q.Redelivery/2)
}
