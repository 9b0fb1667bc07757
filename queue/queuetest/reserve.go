package queuetest

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/intake-runtime/intake/queue"
)

// reservation checks queue.Reserver: room is bounded and refused at once,
// a reservation is sent into once or released, and a deferred Release after
// Send gives nothing back.
func reservation(t *testing.T, newQueue New) {
	q := newQueue(t)
	r, ok := q.Sender.(queue.Reserver)
	if !ok {
		t.Skip("the Sender is no queue.Reserver")
	}
	ctx := context.Background()
	held := fill(t, r)
	// Full: Send waits, and a Send whose ctx ends meanwhile enqueues nothing.
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if err := r.Send(short, message("wamid.waited")); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Send on a full Reserver = %v, want context.DeadlineExceeded", err)
	}

	sent, released := held[0], held[1]
	if err := sent.Send(ctx, queue.Message{PhoneNumber: phone}); !errors.Is(err, queue.ErrMalformed) {
		t.Fatalf("Reservation.Send of a malformed message = %v, want queue.ErrMalformed", err)
	}
	full(t, r, "after a refused Reservation.Send")
	if err := sent.Send(ctx, message("wamid.reserved")); err != nil {
		t.Fatalf("Reservation.Send = %v", err)
	}
	if err := sent.Send(ctx, message("wamid.twice")); err == nil {
		t.Fatal("a second Send into one reservation succeeded")
	}
	sent.Release() // after Send: the room is the message's until it is handled
	full(t, r, "after a Release that followed a Send")
	released.Release()
	released.Release() // a second Release gives nothing back twice
	again, err := r.TryReserve(ctx)
	if err != nil {
		t.Fatalf("TryReserve after a Release = %v, want room", err)
	}
	full(t, r, "after one Release and one TryReserve")
	again.Release()
	for _, res := range held[2:] {
		res.Release()
	}

	d := recording(t, q, nil)
	eventually(t, q, "the reserved message was delivered", func() bool { return d.count("wamid.reserved") > 0 })
	settle(t, q, d, "wamid.marker")
	for _, id := range []string{"wamid.waited", "wamid.twice"} {
		if n := d.count(id); n != 0 {
			t.Errorf("%s was refused at Send yet delivered %d times", id, n)
		}
	}
}

// fill takes reservations until r refuses with queue.ErrFull. A Reserver is
// bounded; the suite needs room for two.
func fill(t *testing.T, r queue.Reserver) []queue.Reservation {
	t.Helper()
	const most = 10_000
	var held []queue.Reservation
	for len(held) < most {
		res, err := r.TryReserve(context.Background())
		if errors.Is(err, queue.ErrFull) {
			break
		}
		if err != nil {
			t.Fatalf("TryReserve = %v, want room or queue.ErrFull", err)
		}
		held = append(held, res)
	}
	if len(held) < 2 || len(held) == most {
		t.Fatalf("took %d reservations before queue.ErrFull, want from 2 to %d: give the queue under test a small capacity", len(held), most-1)
	}
	return held
}

// full fails t unless r refuses room.
func full(t *testing.T, r queue.Reserver, when string) {
	t.Helper()
	if res, err := r.TryReserve(context.Background()); !errors.Is(err, queue.ErrFull) {
		if err == nil {
			res.Release()
		}
		t.Fatalf("TryReserve %s = %v, want queue.ErrFull", when, err)
	}
}

// closed checks a queue that can be closed: Close is idempotent, and Send,
// TryReserve and Run then fail with queue.ErrClosed.
func closed(t *testing.T, newQueue New) {
	q := newQueue(t)
	c, ok := q.Sender.(io.Closer)
	if !ok {
		t.Skip("the Sender cannot be closed")
	}
	for range 2 {
		if err := c.Close(); err != nil {
			t.Fatalf("Close = %v", err)
		}
	}
	ctx := context.Background()
	if err := q.Sender.Send(ctx, message("wamid.late")); !errors.Is(err, queue.ErrClosed) {
		t.Errorf("Send after Close = %v, want queue.ErrClosed", err)
	}
	if r, ok := q.Sender.(queue.Reserver); ok {
		if _, err := r.TryReserve(ctx); !errors.Is(err, queue.ErrClosed) {
			t.Errorf("TryReserve after Close = %v, want queue.ErrClosed", err)
		}
	}
	if err := q.Consumer.Run(ctx, func(context.Context, queue.Message) error { return nil }); !errors.Is(err, queue.ErrClosed) {
		t.Errorf("Run after Close = %v, want queue.ErrClosed", err)
	}
}
