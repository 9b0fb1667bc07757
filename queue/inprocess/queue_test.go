package inprocess_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
)

// checkGoroutines fails the test if goroutines started during it are still
// running at its end, as tailscale's tstest.ResourceCheck does. It polls
// because a goroutine that was told to stop may need a moment to exit.
func checkGoroutines(t *testing.T) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines left over (%d before, %d after):\n%s", n-before, before, n, buf[:runtime.Stack(buf, true)])
		}
	})
}

// start runs q until the test ends and checks that Close stops it.
func start(t *testing.T, q *inprocess.Queue, handle queue.Handler) {
	t.Helper()
	runErr := make(chan error, 1)
	go func() { runErr <- q.Run(context.Background(), handle) }()
	t.Cleanup(func() {
		if err := q.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if err := <-runErr; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
}

func newQueue(t *testing.T, cfg inprocess.Config, logger *zap.Logger) *inprocess.Queue {
	t.Helper()
	q, err := inprocess.New(cfg, logger)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func msg(i int) queue.Message {
	return queue.Message{PhoneNumber: "+5511999990000", MessageID: fmt.Sprintf("wamid.%03d", i)}
}

// recorder collects the platform message IDs a handler saw and signals each.
type recorder struct {
	mu   sync.Mutex
	seen []string
	got  chan struct{}
}

func newRecorder() *recorder { return &recorder{got: make(chan struct{}, 1024)} }

func (r *recorder) record(id string) {
	r.mu.Lock()
	r.seen = append(r.seen, id)
	r.mu.Unlock()
	r.got <- struct{}{}
}

func (r *recorder) ids() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.seen)
}

// wait blocks until n more items were recorded, failing after a generous
// deadline rather than asserting how fast the queue is.
func (r *recorder) wait(t *testing.T, n int) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for range n {
		select {
		case <-r.got:
		case <-timeout:
			t.Fatalf("handler saw %d items, want %d more", len(r.ids()), n)
		}
	}
}

func TestHandlesInSendOrder(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{}, zap.NewNop())
	rec := newRecorder()
	start(t, q, func(_ context.Context, m queue.Message) error {
		rec.record(m.MessageID)
		return nil
	})
	var want []string
	for i := range 100 {
		if err := q.Send(context.Background(), msg(i)); err != nil {
			t.Fatal(err)
		}
		want = append(want, msg(i).MessageID)
	}
	rec.wait(t, 100)
	if got := rec.ids(); !slices.Equal(got, want) {
		t.Fatalf("handled in order %q, want %q", got, want)
	}
}

func TestRedeliversAFailedItem(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{RetryBackoff: 5 * time.Millisecond}, zap.NewNop())
	rec := newRecorder()
	failed := false
	start(t, q, func(_ context.Context, m queue.Message) error {
		rec.record(m.MessageID)
		if m.MessageID == msg(2).MessageID && !failed {
			failed = true // one consumer: no other goroutine touches it
			return errors.New("conversation unavailable")
		}
		return nil
	})
	for i := 1; i <= 3; i++ {
		if err := q.Send(context.Background(), msg(i)); err != nil {
			t.Fatal(err)
		}
	}
	rec.wait(t, 4)
	got := rec.ids()
	slices.Sort(got)
	want := []string{msg(1).MessageID, msg(2).MessageID, msg(2).MessageID, msg(3).MessageID}
	if !slices.Equal(got, want) {
		t.Fatalf("handled %q, want %q", got, want)
	}
}

func TestDropsAfterMaxAttemptsAndFreesItsSlot(t *testing.T) {
	checkGoroutines(t)
	core, logs := observer.New(zap.WarnLevel)
	q := newQueue(t, inprocess.Config{Capacity: 1, MaxAttempts: 3, RetryBackoff: time.Millisecond}, zap.New(core))
	rec := newRecorder()
	start(t, q, func(_ context.Context, m queue.Message) error {
		rec.record(m.MessageID)
		if m.MessageID == msg(1).MessageID {
			return errors.New("always fails")
		}
		return nil
	})
	if err := q.Send(context.Background(), msg(1)); err != nil {
		t.Fatal(err)
	}
	// Capacity is 1: this Send waits until the first message is dropped.
	if err := q.Send(context.Background(), msg(2)); err != nil {
		t.Fatal(err)
	}
	rec.wait(t, 4)
	want := []string{msg(1).MessageID, msg(1).MessageID, msg(1).MessageID, msg(2).MessageID}
	if got := rec.ids(); !slices.Equal(got, want) {
		t.Fatalf("handled %q, want %q", got, want)
	}
	dropped := logs.FilterLevelExact(zap.ErrorLevel).All()
	if len(dropped) != 1 || dropped[0].ContextMap()["message_id"] != msg(1).MessageID {
		t.Fatalf("drop log = %+v, want one entry for %s", dropped, msg(1).MessageID)
	}
	if retries := logs.FilterLevelExact(zap.WarnLevel).Len(); retries != 2 {
		t.Fatalf("retry logs = %d, want 2", retries)
	}
}

func TestSendBlocksAtCapacity(t *testing.T) {
	q := newQueue(t, inprocess.Config{Capacity: 2}, zap.NewNop())
	t.Cleanup(func() { _ = q.Close() })
	for i := range 2 {
		if err := q.Send(context.Background(), msg(i)); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := q.Send(ctx, msg(3)); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Send on a full queue = %v, want context.DeadlineExceeded", err)
	}
}

func TestConcurrentSendsAreHandledOnce(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{Capacity: 16, Consumers: 3}, zap.NewNop())
	rec := newRecorder()
	start(t, q, func(_ context.Context, m queue.Message) error {
		rec.record(m.MessageID)
		return nil
	})
	const senders, each = 8, 50
	var wg sync.WaitGroup
	for s := range senders {
		wg.Go(func() {
			for i := range each {
				if err := q.Send(context.Background(), msg(s*each+i)); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	rec.wait(t, senders*each)
	got := rec.ids()
	slices.Sort(got)
	if len(slices.Compact(got)) != senders*each {
		t.Fatalf("handled %d distinct messages, want %d", len(got), senders*each)
	}
}

func TestRunStopsWithContextAndKeepsMessages(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{}, zap.NewNop())
	t.Cleanup(func() { _ = q.Close() })
	rec := newRecorder()
	handle := func(_ context.Context, m queue.Message) error {
		rec.record(m.MessageID)
		return nil
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := q.Run(ctx, handle); err != nil {
		t.Fatalf("Run with a done ctx = %v", err)
	}
	if err := q.Send(context.Background(), msg(1)); err != nil {
		t.Fatal(err)
	}
	start(t, q, handle) // a later Run consumes what was sent meanwhile
	rec.wait(t, 1)
}

func TestClosed(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{}, zap.NewNop())
	handlerStarted := make(chan struct{})
	runErr := make(chan error, 1)
	go func() {
		runErr <- q.Run(context.Background(), func(ctx context.Context, _ queue.Message) error {
			close(handlerStarted)
			<-ctx.Done() // a handler in flight is told to stop by Close
			return ctx.Err()
		})
	}()
	if err := q.Send(context.Background(), msg(1)); err != nil {
		t.Fatal(err)
	}
	<-handlerStarted
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-runErr; err != nil {
		t.Fatalf("Run after Close = %v, want nil", err)
	}
	if err := q.Close(); err != nil {
		t.Fatalf("second Close = %v", err)
	}
	if err := q.Send(context.Background(), msg(2)); !errors.Is(err, queue.ErrClosed) {
		t.Fatalf("Send after Close = %v, want ErrClosed", err)
	}
	if err := q.Run(context.Background(), func(context.Context, queue.Message) error { return nil }); !errors.Is(err, queue.ErrClosed) {
		t.Fatalf("Run after Close = %v, want ErrClosed", err)
	}
}

func TestRunTwiceIsRefused(t *testing.T) {
	checkGoroutines(t)
	q := newQueue(t, inprocess.Config{}, zap.NewNop())
	rec := newRecorder()
	handle := func(_ context.Context, m queue.Message) error {
		rec.record(m.MessageID)
		return nil
	}
	start(t, q, handle)
	if err := q.Send(context.Background(), msg(1)); err != nil {
		t.Fatal(err)
	}
	rec.wait(t, 1) // the first Run is running
	if err := q.Run(context.Background(), handle); err == nil || errors.Is(err, queue.ErrClosed) {
		t.Fatalf("second Run = %v, want an already-running error", err)
	}
}

func TestRejects(t *testing.T) {
	q := newQueue(t, inprocess.Config{}, zap.NewNop())
	t.Cleanup(func() { _ = q.Close() })
	if err := q.Send(context.Background(), queue.Message{PhoneNumber: "+1"}); !errors.Is(err, queue.ErrMalformed) {
		t.Errorf("Send of an incomplete message = %v, want ErrMalformed", err)
	}
	if err := q.Run(context.Background(), nil); err == nil {
		t.Error("Run with a nil handler succeeded")
	}
	for _, cfg := range []inprocess.Config{{Capacity: -1}, {Consumers: -1}, {MaxAttempts: -1}, {RetryBackoff: time.Minute, MaxRetryBackoff: time.Second}} {
		if _, err := inprocess.New(cfg, zap.NewNop()); err == nil {
			t.Errorf("New(%+v) succeeded", cfg)
		}
	}
}
