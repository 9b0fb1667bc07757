package logging_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/runtime/logging"
)

func messages(entries []logging.Entry) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.Message
	}
	return out
}

func TestRingKeepsTheLastEntriesOldestFirst(t *testing.T) {
	logger, ring := newLogger(t, logging.Options{RingCapacity: 3})
	for i := range 5 {
		logger.Info(fmt.Sprint("m", i))
	}
	entries := ring.Snapshot()
	if got, want := fmt.Sprint(messages(entries)), "[m2 m3 m4]"; got != want {
		t.Errorf("Snapshot() = %s, want %s", got, want)
	}
	if entries[0].Seq != 3 || entries[2].Seq != 5 {
		t.Errorf("Seq = %d..%d, want 3..5", entries[0].Seq, entries[2].Seq)
	}
}

func TestRingDefaultCapacity(t *testing.T) {
	logger, ring := newLogger(t, logging.Options{})
	for range logging.DefaultRingCapacity + 10 {
		logger.Info("x")
	}
	if n := len(ring.Snapshot()); n != logging.DefaultRingCapacity {
		t.Errorf("ring holds %d entries, want %d", n, logging.DefaultRingCapacity)
	}
}

func TestSnapshotReturnsCopies(t *testing.T) {
	logger, ring := newLogger(t, logging.Options{})
	logger.Info("m", zap.String("k", "v"))
	first := ring.Snapshot()
	first[0].Message = "changed"
	first[0].Fields[2] = 'X'
	if again := ring.Snapshot()[0]; again.Message != "m" || string(again.Fields) != `{"k":"v"}` {
		t.Errorf("changing a snapshot changed the ring: %+v", again)
	}
}

func TestClearEmptiesOnlyTheRing(t *testing.T) {
	var out syncBuffer
	logger, ring := newLogger(t, logging.Options{Output: &out})
	logger.Info("before")
	ring.Clear()
	if n := len(ring.Snapshot()); n != 0 {
		t.Fatalf("Snapshot() after Clear holds %d entries", n)
	}
	logger.Info("after")
	entries := ring.Snapshot()
	if len(entries) != 1 || entries[0].Message != "after" || entries[0].Seq != 2 {
		t.Errorf("after Clear the ring holds %+v, want only 'after' with Seq 2", entries)
	}
	if s := out.String(); !strings.Contains(s, "before") || !strings.Contains(s, "after") {
		t.Errorf("Clear touched the output: %q", s)
	}
}

func TestConcurrentWritersReadersAndSubscribers(t *testing.T) {
	const writers, perWriter, capacity = 4, 300, 100
	logger, ring := newLogger(t, logging.Options{RingCapacity: capacity})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sub := ring.Subscribe(ctx)

	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			l := logger.With(zap.Int("writer", w))
			for i := range perWriter {
				l.Info("entry", zap.Int("i", i))
				if i%50 == 0 {
					ring.Snapshot()
				}
			}
		})
	}
	received := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range sub {
			received++
		}
	}()
	wg.Wait()

	entries := ring.Snapshot()
	if len(entries) != capacity {
		t.Fatalf("ring holds %d entries, want %d", len(entries), capacity)
	}
	for i, e := range entries {
		if want := uint64(writers*perWriter - capacity + 1 + i); e.Seq != want {
			t.Fatalf("entries[%d].Seq = %d, want %d: the ring lost or reordered entries", i, e.Seq, want)
		}
	}
	cancel()
	<-done
	if received == 0 {
		t.Error("the subscriber received nothing")
	}
}

func TestSubscribeStreamsUntilCancelled(t *testing.T) {
	logger, ring := newLogger(t, logging.Options{})
	logger.Info("before subscribing")
	ctx, cancel := context.WithCancel(context.Background())
	sub := ring.Subscribe(ctx)
	for i := range 3 {
		logger.Info(fmt.Sprint("live", i))
	}
	for i := range 3 {
		select {
		case e := <-sub:
			if want := fmt.Sprint("live", i); e.Message != want {
				t.Errorf("received %q, want %q", e.Message, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("no entry received")
		}
	}
	cancel()
	select {
	case _, open := <-sub:
		if open {
			t.Error("received an entry after cancelling, want the channel closed")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the channel was not closed after cancelling")
	}
}

func TestSlowSubscriberNeverBlocksLogging(t *testing.T) {
	logger, ring := newLogger(t, logging.Options{RingCapacity: 100})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stuck := ring.Subscribe(ctx) // never read while logging

	written := make(chan struct{})
	go func() {
		defer close(written)
		for range 1000 {
			logger.Info("burst")
		}
	}()
	select {
	case <-written:
	case <-time.After(10 * time.Second):
		t.Fatal("logging blocked on a subscriber that does not read")
	}
	if n := len(stuck); n == 0 || n >= 1000 {
		t.Errorf("the stuck subscriber holds %d entries, want its buffer's worth", n)
	}
	if got := len(ring.Snapshot()); got != 100 {
		t.Errorf("ring holds %d entries, want 100", got)
	}
}

// syncBuffer is an io.Writer the test can read while a logger writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	return len(p), nil
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
