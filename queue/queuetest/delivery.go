package queuetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intake-runtime/intake/queue"
)

// Send returns once the queue accepted the message: each is delivered, with
// the phone and the platform message ID it was sent with.
func everySentMessageIsDelivered(t *testing.T, newQueue New) {
	q := newQueue(t)
	d := recording(t, q, nil)
	var want []string
	for i := range 5 {
		m := message(fmt.Sprintf("wamid.%d", i))
		send(t, q.Sender, m)
		want = append(want, m.MessageID)
	}
	eventually(t, q, "every message was delivered", func() bool { return len(d.ids()) >= len(want) })
	got := slices.Sorted(slices.Values(d.ids()))
	if !slices.Equal(got, want) {
		t.Fatalf("delivered %q, want %q", got, want)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, m := range d.seen {
		if m.PhoneNumber != phone {
			t.Errorf("message %s delivered for phone %q, want %q", m.MessageID, m.PhoneNumber, phone)
		}
	}
}

// A handler's error marks the message failed: the queue delivers it again,
// which is all a handler that failed may assume (so it must be idempotent
// per message ID).
func aFailedMessageIsDeliveredAgain(t *testing.T, newQueue New) {
	q := newQueue(t)
	var once sync.Once
	d := recording(t, q, func(m queue.Message) error {
		err := error(nil)
		if m.MessageID == "wamid.fails" {
			once.Do(func() { err = errors.New("conversation unavailable") })
		}
		return err
	})
	send(t, q.Sender, message("wamid.fails"))
	eventually(t, q, "the failed message was delivered again", func() bool { return d.count("wamid.fails") >= 2 })
}

// A message whose handler succeeded is finished: it is not delivered again,
// not even after a redelivery's time.
func aHandledMessageIsNotDeliveredAgain(t *testing.T, newQueue New) {
	q := newQueue(t)
	d := recording(t, q, nil)
	send(t, q.Sender, message("wamid.once"))
	eventually(t, q, "the message was delivered", func() bool { return d.count("wamid.once") > 0 })
	settle(t, q, d, "wamid.marker")
	if n := d.count("wamid.once"); n != 1 {
		t.Fatalf("a handled message was delivered %d times, want once", n)
	}
}

// A message without its phone or its ID is refused at Send with
// queue.ErrMalformed, and nothing reaches the consumer.
func aMalformedMessageIsRefused(t *testing.T, newQueue New) {
	q := newQueue(t)
	d := recording(t, q, nil)
	for _, m := range []queue.Message{{PhoneNumber: phone}, {MessageID: "wamid.nophone"}, {}} {
		if err := q.Sender.Send(context.Background(), m); !errors.Is(err, queue.ErrMalformed) {
			t.Errorf("Send(%+v) = %v, want queue.ErrMalformed", m, err)
		}
	}
	settle(t, q, d, "wamid.marker")
	if got := d.ids(); !slices.Equal(got, []string{"wamid.marker"}) {
		t.Fatalf("delivered %q, want only the marker", got)
	}
}

// Send with a context already done: an error means the message was not
// enqueued (the webhook then must not answer as if it had been); nil means
// it was, and it is delivered.
func aFailedSendEnqueuesNothing(t *testing.T, newQueue New) {
	q := newQueue(t)
	d := recording(t, q, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := q.Sender.Send(ctx, message("wamid.cancelled"))
	settle(t, q, d, "wamid.marker")
	switch n := d.count("wamid.cancelled"); {
	case err != nil && n != 0:
		t.Fatalf("Send = %v, yet the message was delivered %d times", err, n)
	case err == nil && n != 1:
		t.Fatalf("Send = nil, yet the message was delivered %d times, want once", n)
	}
}

// Run delivers until its ctx is done; the handler in flight sees its ctx
// done too, and Run returns nil only after the handler has returned.
func runStopsWithItsContext(t *testing.T, newQueue New) {
	q := newQueue(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var (
		once     sync.Once
		started  = make(chan struct{})
		returned atomic.Bool
		runErr   = make(chan error, 1)
	)
	go func() {
		runErr <- q.Consumer.Run(ctx, func(hctx context.Context, _ queue.Message) error {
			first := false
			once.Do(func() { first = true })
			if !first {
				return nil
			}
			close(started)
			<-hctx.Done()
			time.Sleep(50 * time.Millisecond) // a handler that takes a moment to stop
			returned.Store(true)
			return hctx.Err()
		})
	}()
	send(t, q.Sender, message("wamid.inflight"))
	select {
	case <-started:
	case <-time.After(20*time.Second + q.Redelivery):
		t.Fatal("the message never reached the handler")
	}
	cancel()
	select {
	case err := <-runErr:
		if err != nil {
			t.Fatalf("Run after its ctx was cancelled = %v, want nil", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return after its ctx was cancelled: the handler's ctx never ended")
	}
	if !returned.Load() {
		t.Fatal("Run returned before the handler in flight had returned")
	}
}

// Run returns an error only when it cannot start, as without a handler.
func runWithoutAHandlerCannotStart(t *testing.T, newQueue New) {
	q := newQueue(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := q.Consumer.Run(ctx, nil); err == nil {
		t.Fatal("Run with a nil handler = nil, want an error")
	}
}
