package inbound_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence"
)

// indexSpy lists the gsi1 partitions read since the last take.
type indexSpy struct {
	persistence.Table
	mu    sync.Mutex
	reads []string
}

func (s *indexSpy) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	s.mu.Lock()
	s.reads = append(s.reads, q.GSI1PK)
	s.mu.Unlock()
	return s.Table.QueryIndex(ctx, q)
}

func (s *indexSpy) take() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	reads := s.reads
	s.reads = nil
	return reads
}

// A quiet node's tick reads one shard of each kind, the next one each time,
// so 16 ticks read every shard once; after this node takes work in, and
// after a pass that took work up, every tick reads every shard until
// RECOVERY_AFTER and two intervals have passed. Work a vanished node left is
// taken up within RECOVERY_AFTER plus 16 intervals.
func TestRecoveryTicksOfAQuietNodeRotateOverTheShards(t *testing.T) {
	const after, interval = 2 * time.Minute, 30 * time.Second
	ctx := context.Background()
	f := newFixture(t)
	spy := &indexSpy{Table: f.table}
	var mu sync.Mutex
	var lastWork time.Time
	work := func() { mu.Lock(); lastWork = f.clock.Now(); mu.Unlock() }
	r, err := inbound.NewRecovery(inbound.RecoveryConfig{After: after, Interval: interval, Now: f.clock.Now,
		LastWork: func() time.Time { mu.Lock(); defer mu.Unlock(); return lastWork }},
		inbound.RecoveryDeps{Table: spy, Queue: f.queue, Conversations: &conversations{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tick := func() []string {
		f.clock.Advance(interval)
		r.Tick(ctx)
		return spy.take()
	}

	r.Start(ctx)
	if got := len(spy.take()); got != 2*persistence.WorkShards {
		t.Fatalf("the start sweep read %d partitions, want every shard of both kinds", got)
	}
	seen := map[string]bool{}
	for i := range persistence.WorkShards {
		reads := tick()
		want := []string{persistence.WorkIndexPK(persistence.WorkInbound, i), persistence.WorkIndexPK(persistence.WorkOutbox, i)}
		if strings.Join(reads, ",") != strings.Join(want, ",") {
			t.Fatalf("quiet tick %d read %v, want %v", i, reads, want)
		}
		for _, pk := range reads {
			seen[pk] = true
		}
	}
	if len(seen) != 2*persistence.WorkShards {
		t.Errorf("16 quiet ticks read %d partitions, want each of the 32 once", len(seen))
	}

	// This node accepts a message: full passes until it is due and seen.
	work()
	busy := 0
	for len(tick()) == 2*persistence.WorkShards {
		busy++
	}
	if want := int((after + 2*interval) / interval); busy != want {
		t.Errorf("%d full passes after this node's work, want %d (RECOVERY_AFTER and two intervals)", busy, want)
	}

	// A node that vanished left a message unanswered: a quiet rotation
	// finds it within RECOVERY_AFTER plus 16 intervals, and full passes
	// follow.
	f.queue.set(true, nil)
	f.accept("wamid.ORPHAN")
	f.queue.set(false, nil)
	start := f.clock.Now()
	for len(f.queue.sentIDs()) == 0 {
		if f.clock.Now().Sub(start) > after+persistence.WorkShards*interval {
			t.Fatal("the orphaned message was not taken up within RECOVERY_AFTER plus 16 intervals")
		}
		tick()
	}
	if got := len(tick()); got != 2*persistence.WorkShards {
		t.Errorf("the tick after a pass took work up read %d partitions, want every shard", got)
	}
}
