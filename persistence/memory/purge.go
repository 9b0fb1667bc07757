package memory

import (
	"container/heap"
	"context"
	"maps"
	"math"
	"math/big"
	"strconv"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// DefaultPurgeInterval is how often PurgeEvery purges when given no
// positive interval.
const DefaultPurgeInterval = time.Minute

// purgeBatch bounds the reminders one purge handles under the lock, so that
// purging a million expired items never stalls the table's callers for long.
const purgeBatch = 1024

// compactMin is the fewest deleted map entries worth rebuilding the maps for.
const compactMin = 4096

// Purge deletes the stored items whose ttl has passed, as DynamoDB's TTL
// deletion does (eventually), and returns how many it deleted. Expired items
// are invisible whether purged or not; purging only gives their memory back.
// It releases the lock between batches, so callers are not held up by a
// large purge. Safe for concurrent use.
func (t *Table) Purge() int {
	purged := 0
	for {
		t.mu.Lock()
		n, more := t.items.purge(t.now(), purgeBatch)
		t.mu.Unlock()
		purged += n
		if !more {
			break
		}
	}
	t.mu.Lock()
	t.items.compact()
	t.mu.Unlock()
	return purged
}

// PurgeEvery purges at once, then every interval (DefaultPurgeInterval when
// not positive) until ctx is done. It returns when ctx is done; run it in a
// goroutine that its owner waits for.
func (t *Table) PurgeEvery(ctx context.Context, every time.Duration) {
	if every <= 0 {
		every = DefaultPurgeInterval
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		t.Purge()
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Retained reports what the table holds, expired items not yet purged
// included: how many items, and their size in bytes as DynamoDB counts it
// (attribute names and values; the Go maps holding them take more).
func (t *Table) Retained() (items, bytes int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.items.items, t.items.bytes
}

// purge deletes the expired items of up to limit due reminders and reports
// how many it deleted and whether due reminders remain.
func (s *store) purge(now time.Time, limit int) (purged int, more bool) {
	for range limit {
		if len(s.expiries) == 0 || !passed(s.expiries[0].due, now) {
			return purged, false
		}
		e := heap.Pop(&s.expiries).(expiry)
		// The item may have been deleted, or replaced by one with a later
		// ttl (which has its own reminder) or none.
		if rec, ok := s.get(e.key); ok && rec.expired(now) {
			s.delete(e.key)
			purged++
		}
	}
	return purged, len(s.expiries) > 0 && passed(s.expiries[0].due, now)
}

// compact rebuilds the maps once their deleted entries outnumber the stored
// items, since a Go map keeps the memory of every entry it ever held, and
// trims the reminders' slice after a large purge.
func (s *store) compact() {
	if s.removed >= max(compactMin, s.items) {
		s.parts = rebuilt(s.parts)
		index := make(map[string]map[persistence.Key]struct{}, len(s.index))
		for pk, keys := range s.index {
			index[pk] = rebuilt(keys)
		}
		s.index = index
		s.removed = 0
	}
	if c := cap(s.expiries); c > compactMin && len(s.expiries) < c/4 {
		s.expiries = append(make(expiries, 0, 2*len(s.expiries)), s.expiries...)
	}
}

// rebuilt copies m into a map sized for its entries (maps.Clone keeps the
// source's capacity).
func rebuilt[K comparable, V any](m map[K]V) map[K]V {
	c := make(map[K]V, len(m))
	maps.Copy(c, m)
	return c
}

// expiry reminds the purge that the item under key expires once second due
// has passed, unless it was replaced or deleted since.
type expiry struct {
	due int64
	key persistence.Key
}

// expiries is a min-heap of reminders by due (container/heap).
type expiries []expiry

// remind adds the reminder of the item under k with the canonical ttl.
func (h *expiries) remind(k persistence.Key, ttl string) {
	heap.Push(h, expiry{due: dueSecond(ttl), key: k})
}

func (h expiries) Len() int           { return len(h) }
func (h expiries) Less(i, j int) bool { return h[i].due < h[j].due }
func (h expiries) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *expiries) Push(x any)        { *h = append(*h, x.(expiry)) }
func (h *expiries) Pop() any {
	old := *h
	e := old[len(old)-1]
	old[len(old)-1] = expiry{} // release the key's strings
	*h = old[:len(old)-1]
	return e
}

// dueSecond is the first whole epoch second at or after a canonical ttl: once
// it has passed, so has the ttl (expiredAt). Numbers beyond int64 are clamped.
func dueSecond(ttl string) int64 {
	if secs, err := strconv.ParseInt(ttl, 10, 64); err == nil {
		return secs
	}
	d, err := parseNumber(ttl)
	if err != nil {
		return math.MaxInt64 // not a number: never expires (prepare keeps numbers only)
	}
	n := new(big.Int).Set(d.coef)
	if d.exp >= 0 {
		n.Mul(n, pow10(d.exp))
	} else {
		// Euclidean division by a positive divisor floors; a remainder
		// rounds up.
		var rem big.Int
		n.DivMod(n, pow10(-d.exp), &rem)
		if rem.Sign() != 0 {
			n.Add(n, big.NewInt(1))
		}
	}
	switch {
	case n.IsInt64():
		return n.Int64()
	case n.Sign() > 0:
		return math.MaxInt64
	}
	return math.MinInt64
}

func pow10(k int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil) }

// passed reports whether epoch second sec lies before now, as expiredAt reads
// a ttl.
func passed(sec int64, now time.Time) bool {
	return sec < now.Unix() || sec == now.Unix() && now.Nanosecond() > 0
}
