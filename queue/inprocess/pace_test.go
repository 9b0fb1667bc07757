package inprocess_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
)

// A full queue that refuses a producer which cannot wait, in a process short
// of CPU, slows its consumers to the floor (10 messages a second per lane)
// without stopping them; with CPU to spare they speed up again, and once no
// producer was refused for a second they go flat out, however short the CPU. The test runs
// in a synctest bubble: its clock is virtual, its rates exact.
func TestConsumersYieldTheCPUToRefusedProducers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var short, refusing atomic.Bool
		short.Store(true)
		refusing.Store(true)
		core, logs := observer.New(zap.InfoLevel)
		q := newQueue(t, inprocess.Config{Capacity: 64, Consumers: 2, CPUShort: short.Load}, zap.New(core))
		var handled atomic.Int64
		start(t, q, func(context.Context, queue.Message) error {
			time.Sleep(time.Millisecond) // 1,000 messages a second per lane, unpaced
			handled.Add(1)
			return nil
		})
		ctx, stop := context.WithCancel(context.Background())
		var producing sync.WaitGroup
		defer producing.Wait()
		defer stop()
		producing.Go(func() { backlog(ctx, q) })
		producing.Go(func() { refused(ctx, q, &refusing) })

		during := func(d time.Duration) int64 {
			before := handled.Load()
			time.Sleep(d)
			return handled.Load() - before
		}
		time.Sleep(100 * time.Millisecond) // the first ticks
		if got := during(time.Second); got < 19 || got > 21 {
			t.Errorf("refused producers, CPU short: %d messages in 1 s, want the floor of 20 (2 lanes × 10/s)", got)
		}
		if !q.Paced() {
			t.Error("the consumers are slowed, yet the queue does not report itself paced")
		}
		short.Store(false)
		time.Sleep(time.Second) // the pace rises by half a tick
		if got := during(time.Second); got < 1000 {
			t.Errorf("refused producers, CPU to spare: %d messages in 1 s, want the consumers' own pace (2,000)", got)
		}
		if q.Paced() {
			t.Error("the pace rose past its ceiling, yet the queue reports itself paced")
		}
		short.Store(true)
		refusing.Store(false)
		time.Sleep(1100 * time.Millisecond) // a second without a refusal
		// Less than 2,000 when the backlog's phones happen to crowd one lane.
		if got := during(time.Second); got < 1500 {
			t.Errorf("no producer refused, CPU short: %d messages in 1 s, want the consumers' own pace (2,000)", got)
		}
		if q.Paced() {
			t.Error("the consumers are at full speed, yet the queue reports itself paced")
		}
		slowed := logs.FilterMessageSnippet("consumers slowed").FilterField(zap.Float64("messages_per_second", 20)).Len()
		if full := logs.FilterMessageSnippet("consumers at full speed").Len(); slowed != 1 || full != 1 {
			t.Errorf("logged %d slow-downs to 20/s and %d returns to full speed, want one of each:\n%v", slowed, full, logs.All())
		}
	})
}

// backlog sends messages with a wait, as the recovery sweep does, so the
// queue stays full until ctx is done.
func backlog(ctx context.Context, q *inprocess.Queue) {
	for i := 0; q.Send(ctx, ofPhone(i)) == nil; i++ {
	}
}

// refused tries, every 10 ms while on is true, to enqueue without waiting,
// as the webhook does; a slot it gets is sent into.
func refused(ctx context.Context, q *inprocess.Queue, on *atomic.Bool) {
	for i := 0; ctx.Err() == nil; i++ {
		time.Sleep(10 * time.Millisecond)
		if !on.Load() {
			continue
		}
		if r, err := q.TryReserve(ctx); err == nil {
			_ = r.Send(ctx, ofPhone(-i))
		}
	}
}

// ofPhone is a message of the i-th phone: phones spread over the lanes.
func ofPhone(i int) queue.Message {
	return queue.Message{PhoneNumber: fmt.Sprintf("+55119%08d", i), MessageID: fmt.Sprintf("wamid.%d", i)}
}

// A consumer that waits for its pace when the queue stops keeps its message:
// the next Run hands every message over once, in order.
func TestAStopWhileConsumersWaitForTheirPaceLosesNothing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const n = 16
		q := newQueue(t, inprocess.Config{Capacity: n, Consumers: 1, CPUShort: func() bool { return true }}, nil)
		defer q.Close()
		for i := range n {
			if err := q.Send(context.Background(), msg(i)); err != nil {
				t.Fatal(err)
			}
		}
		var seen []string
		handle := func(_ context.Context, m queue.Message) error {
			time.Sleep(10 * time.Millisecond)
			seen = append(seen, m.MessageID)
			return nil
		}
		ctx, stop := context.WithCancel(context.Background())
		var first sync.WaitGroup
		first.Go(func() {
			if err := q.Run(ctx, handle); err != nil {
				t.Error(err)
			}
		})
		first.Go(func() { // the webhook, refused while the queue is full
			for ctx.Err() == nil {
				if r, err := q.TryReserve(ctx); err == nil {
					r.Release()
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
		time.Sleep(250 * time.Millisecond) // paced from the first tick on
		stop()
		first.Wait()
		stopped := len(seen)
		if stopped == 0 || stopped == n {
			t.Fatalf("the first Run handed over %d of %d messages; the test needs it stopped while paced", stopped, n)
		}

		ctx, stop = context.WithCancel(context.Background())
		var second sync.WaitGroup
		second.Go(func() { _ = q.Run(ctx, handle) })
		time.Sleep(time.Second)
		stop()
		second.Wait()
		want := make([]string, n)
		for i := range want {
			want[i] = msg(i).MessageID
		}
		if !slices.Equal(seen, want) {
			t.Errorf("handed over %v (the first Run stopped after %d), want each once in order: %v", seen, stopped, want)
		}
	})
}
