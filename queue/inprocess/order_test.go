package inprocess_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
)

// With many consumers, messages of different phones are handled at once,
// and each phone's messages still reach the handler one at a time, in the
// order they were sent.
func TestManyConsumersKeepEachPhonesOrder(t *testing.T) {
	checkGoroutines(t)
	const phones, each = 12, 40
	q := newQueue(t, inprocess.Config{Consumers: 6, Capacity: phones * each}, zap.NewNop())
	var (
		mu        sync.Mutex
		seen      = map[string][]string{}
		busy      = map[string]bool{}
		overlaps  int
		inFlight  int
		maxAtOnce int
	)
	rec := newRecorder()
	start(t, q, func(_ context.Context, m queue.Message) error {
		mu.Lock()
		if busy[m.PhoneNumber] {
			overlaps++
		}
		busy[m.PhoneNumber] = true
		inFlight++
		maxAtOnce = max(maxAtOnce, inFlight)
		mu.Unlock()
		time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
		mu.Lock()
		busy[m.PhoneNumber] = false
		inFlight--
		seen[m.PhoneNumber] = append(seen[m.PhoneNumber], m.MessageID)
		mu.Unlock()
		rec.record(m.MessageID)
		return nil
	})
	want := map[string][]string{}
	for i := range each {
		for p := range phones {
			m := queue.Message{PhoneNumber: fmt.Sprintf("+55119%08d", p), MessageID: fmt.Sprintf("wamid.%d.%03d", p, i)}
			want[m.PhoneNumber] = append(want[m.PhoneNumber], m.MessageID)
			if err := q.Send(context.Background(), m); err != nil {
				t.Fatal(err)
			}
		}
	}
	rec.wait(t, phones*each)
	mu.Lock()
	defer mu.Unlock()
	for phone, ids := range want {
		if !slices.Equal(seen[phone], ids) {
			t.Errorf("phone %s handled in order %q, want %q", phone, seen[phone], ids)
		}
	}
	if overlaps != 0 {
		t.Errorf("%d handlings overlapped another of the same phone", overlaps)
	}
	if maxAtOnce < 2 {
		t.Errorf("at most %d handlers ran at once, want the consumers to work in parallel", maxAtOnce)
	}
}
