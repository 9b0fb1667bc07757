package inprocess_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
	"github.com/intake-runtime/intake/queue/queuetest"
)

// With an overflow the queue still keeps the port's contract: room is
// bounded (slots and overflow together) and refused at once past it.
func TestContractWithAnOverflow(t *testing.T) {
	queuetest.Run(t, func(t *testing.T) queuetest.Queue {
		checkGoroutines(t)
		q := newQueue(t, inprocess.Config{Capacity: 2, Overflow: 3, RetryBackoff: 5 * time.Millisecond}, zap.NewNop())
		t.Cleanup(func() { _ = q.Close() })
		return queuetest.Queue{Sender: q, Consumer: q, Redelivery: 50 * time.Millisecond}
	})
}

// Past its slots the queue grants room in the overflow without waiting;
// each waiting message takes the next slot that frees, so the consumers get
// every message once, in the order it was sent. Past the overflow too, the
// producer is refused.
func TestTheOverflowHandsMessagesToTheLanesOldestFirst(t *testing.T) {
	checkGoroutines(t)
	const capacity, overflow = 2, 5
	q := newQueue(t, inprocess.Config{Capacity: capacity, Overflow: overflow}, zap.NewNop())
	var want []string
	for i := range capacity + overflow {
		if err := reserve(t, q).Send(context.Background(), msg(i)); err != nil {
			t.Fatal(err)
		}
		want = append(want, msg(i).MessageID)
	}
	if _, err := q.TryReserve(context.Background()); !errors.Is(err, queue.ErrFull) {
		t.Fatalf("TryReserve with the slots and the overflow full = %v, want queue.ErrFull", err)
	}
	rec := newRecorder()
	start(t, q, func(_ context.Context, m queue.Message) error {
		rec.record(m.MessageID)
		return nil
	})
	rec.wait(t, len(want))
	if got := rec.ids(); !slices.Equal(got, want) {
		t.Fatalf("handled %q, want %q", got, want)
	}
	waitRoom(t, q, capacity+overflow) // all handled: the room is free again
}

// A message that waits in the overflow keeps its turn, so its conversation
// reads no receipt, and a copy sent meanwhile with a wait (the recovery
// sweep's, which carries no turn) is not queued a second time.
func TestAMessageWaitingInTheOverflowIsHandledOnceWithItsTurn(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{Capacity: 1, Overflow: 4}, zap.NewNop())
	turn := domain.InboundTurn{PhoneNumber: "+5511999990000", MessageID: "wamid.WAITS", Content: "Oi"}
	for _, m := range []queue.Message{msg(0), turn.QueueMessage()} {
		if err := reserve(t, q).Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := q.Send(ctx, queue.Message{PhoneNumber: turn.PhoneNumber, MessageID: turn.MessageID}); err != nil {
		t.Fatalf("the sweep's copy: Send = %v, want it absorbed", err)
	}
	got := make(chan queue.Message, 4)
	start(t, q, func(_ context.Context, m queue.Message) error {
		got <- m
		return nil
	})
	if err := q.Send(context.Background(), msg(9)); err != nil { // a marker behind both
		t.Fatal(err)
	}
	var handled []queue.Message
	for m := range got {
		handled = append(handled, m)
		if m.MessageID == msg(9).MessageID {
			break
		}
	}
	ids := make([]string, 0, len(handled))
	for _, m := range handled {
		ids = append(ids, m.MessageID)
	}
	if want := []string{msg(0).MessageID, turn.MessageID, msg(9).MessageID}; !slices.Equal(ids, want) {
		t.Fatalf("handled %q, want %q", ids, want)
	}
	if m := handled[1]; m.Turn == nil || *m.Turn != turn {
		t.Errorf("the overflowed message reached the handler as %+v, want its turn %+v", m, turn)
	}
}

// The overflow is bounded by bytes as well as by entries: long texts mean
// fewer waiting messages, not more memory.
func TestTheOverflowIsBoundedByBytes(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{Capacity: 1, Overflow: 1000, OverflowBytes: 64 << 10}, zap.NewNop())
	defer q.Close()
	long := string(make([]byte, 4096)) // the platform's longest text
	var waiting int
	for i := 0; ; i++ {
		r, err := q.TryReserve(context.Background())
		if errors.Is(err, queue.ErrFull) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		turn := domain.InboundTurn{PhoneNumber: "+5511999990000", MessageID: fmt.Sprintf("wamid.%d", i), Content: long}
		if err := r.Send(context.Background(), turn.QueueMessage()); err != nil {
			t.Fatal(err)
		}
		waiting = i // the first one took the slot
	}
	if waiting < 10 || waiting > 16 {
		t.Errorf("%d messages of 4 KiB waited in a 64 KiB overflow, want from 10 to 16", waiting)
	}
}

// A producer that finds no slot paces the consumers of a process short of
// CPU even when its message waits in the overflow: the webhook's answers
// come first while a burst comes in, and the pace returns to flat out once
// a second passed without one.
func TestAnOverflowingProducerPacesTheConsumers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := newQueue(t, inprocess.Config{Capacity: 1, Overflow: 100, CPUShort: func() bool { return true }}, nil)
		defer q.Close()
		start(t, q, func(context.Context, queue.Message) error { return nil })
		slot := reserve(t, q) // held: the next producer overflows
		defer slot.Release()
		place, err := q.TryReserve(context.Background())
		if err != nil {
			t.Fatalf("TryReserve with the slot taken = %v, want room in the overflow", err)
		}
		place.Release()
		time.Sleep(100 * time.Millisecond)
		if !q.Paced() {
			t.Fatal("producers overflowed in a process short of CPU, yet the consumers are not paced")
		}
		time.Sleep(2 * time.Second)
		if q.Paced() {
			t.Error("no producer overflowed for two seconds, yet the consumers are still paced")
		}
	})
}
