package inprocess_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
)

var _ queue.Reserver = (*inprocess.Queue)(nil)

func reserve(t *testing.T, q *inprocess.Queue) queue.Reservation {
	t.Helper()
	r, err := q.TryReserve(context.Background())
	if err != nil {
		t.Fatalf("TryReserve = %v, want room", err)
	}
	return r
}

// A full queue refuses room at once instead of waiting, and room comes back
// when a reservation is released unused or its message is handled.
func TestTryReserveRefusesAtCapacity(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{Capacity: 2}, zap.NewNop())
	first, second := reserve(t, q), reserve(t, q)
	if _, err := q.TryReserve(context.Background()); !errors.Is(err, queue.ErrFull) {
		t.Fatalf("TryReserve on a full queue = %v, want ErrFull", err)
	}
	first.Release()
	first.Release() // a second Release gives nothing back twice
	third := reserve(t, q)
	if _, err := q.TryReserve(context.Background()); !errors.Is(err, queue.ErrFull) {
		t.Fatalf("TryReserve after one release = %v, want ErrFull", err)
	}

	rec := newRecorder()
	start(t, q, func(_ context.Context, m queue.Message) error {
		rec.record(m.MessageID)
		return nil
	})
	for i, r := range []queue.Reservation{second, third} {
		if err := r.Send(context.Background(), msg(i)); err != nil {
			t.Fatal(err)
		}
		r.Release() // after Send: the slot is the message's until it is handled
	}
	rec.wait(t, 2)
	if got := rec.ids(); !slices.Equal(got, []string{msg(0).MessageID, msg(1).MessageID}) {
		t.Fatalf("handled %q", got)
	}
	waitRoom(t, q, 2) // both handled: both slots are free again
}

// waitRoom waits until n slots can be reserved at once, then gives them
// back. A consumer frees a slot just after its handler returns, so this
// polls, within a generous deadline.
func waitRoom(t *testing.T, q *inprocess.Queue, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var taken []queue.Reservation
		for range n {
			if r, err := q.TryReserve(context.Background()); err == nil {
				taken = append(taken, r)
			}
		}
		for _, r := range taken {
			r.Release()
		}
		if len(taken) == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d slots free", len(taken), n)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestReservationSendRefusals(t *testing.T) {
	q := newQueue(t, inprocess.Config{Capacity: 1}, zap.NewNop())
	r := reserve(t, q)
	if err := r.Send(context.Background(), queue.Message{PhoneNumber: "+1"}); !errors.Is(err, queue.ErrMalformed) {
		t.Fatalf("Send of an incomplete message = %v, want ErrMalformed", err)
	}
	if _, err := q.TryReserve(context.Background()); !errors.Is(err, queue.ErrFull) {
		t.Fatalf("a refused Send gave its room back: TryReserve = %v", err)
	}
	if err := r.Send(context.Background(), msg(1)); err != nil {
		t.Fatal(err)
	}
	if err := r.Send(context.Background(), msg(2)); err == nil {
		t.Fatal("a second Send into one reservation succeeded")
	}

	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := q.TryReserve(context.Background()); !errors.Is(err, queue.ErrClosed) {
		t.Fatalf("TryReserve after Close = %v, want ErrClosed", err)
	}
}

func TestReservationSendAfterCloseIsRefused(t *testing.T) {
	q := newQueue(t, inprocess.Config{}, zap.NewNop())
	r := reserve(t, q)
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Send(context.Background(), msg(1)); !errors.Is(err, queue.ErrClosed) {
		t.Fatalf("Send into a reservation after Close = %v, want ErrClosed", err)
	}
	r.Release()
}

// The handler gets the message as it was sent, turn included: the consumer
// needs no read of the receipt.
func TestHandsTheTurnOver(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{}, zap.NewNop())
	got := make(chan queue.Message, 1)
	start(t, q, func(_ context.Context, m queue.Message) error {
		got <- m
		return nil
	})
	turn := domain.InboundTurn{PhoneNumber: "+5511999990000", MessageID: "wamid.T", Content: "Oi"}
	if err := reserve(t, q).Send(context.Background(), turn.QueueMessage()); err != nil {
		t.Fatal(err)
	}
	if m := <-got; m.Turn == nil || *m.Turn != turn {
		t.Fatalf("handled %+v, want the turn %+v", m, turn)
	}
}
