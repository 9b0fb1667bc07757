package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"time"

	"go.uber.org/zap/zapcore"
)

// subscriberBuffer is how many entries a subscriber may fall behind before
// entries are dropped for it: a burst of a few hundred lines passes, a stuck
// dashboard tab does not slow logging down.
const subscriberBuffer = 256

// Entry is one log entry as the ring keeps it, ready to render as JSON.
type Entry struct {
	// Seq numbers entries from 1 in the order they were written, across
	// Clear, so a reader can join Snapshot with Subscribe and see drops.
	Seq     uint64        `json:"seq"`
	Time    time.Time     `json:"time"`
	Level   zapcore.Level `json:"level"`
	Logger  string        `json:"logger,omitempty"`
	Message string        `json:"message"`
	// Caller is file:line of the call, when known.
	Caller string `json:"caller,omitempty"`
	// Stack is the stack trace, for DPanic and above.
	Stack string `json:"stack,omitempty"`
	// Fields holds the entry's fields, its logger's With fields included,
	// as one JSON object ({} when there are none).
	Fields json.RawMessage `json:"fields"`
}

// clone copies Fields so that no two holders share its bytes.
func (e Entry) clone() Entry {
	e.Fields = bytes.Clone(e.Fields)
	return e
}

// Ring keeps the last entries of a logger in memory, oldest dropped first.
// It is safe for concurrent use. Writers never wait for readers: a
// subscriber that falls behind misses entries (visible as gaps in Seq).
type Ring struct {
	mu      sync.Mutex
	entries []Entry // circular; its length is the capacity
	start   int     // index of the oldest entry
	n       int     // number of entries held
	seq     uint64  // Seq of the last entry written
	subs    map[chan Entry]struct{}
}

func newRing(capacity int) *Ring {
	return &Ring{entries: make([]Entry, capacity), subs: make(map[chan Entry]struct{})}
}

// add stores e, evicting the oldest entry when full, and offers a copy to
// every subscriber without blocking.
func (r *Ring) add(e Entry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	e.Seq = r.seq
	if r.n < len(r.entries) {
		r.entries[(r.start+r.n)%len(r.entries)] = e
		r.n++
	} else {
		r.entries[r.start] = e
		r.start = (r.start + 1) % len(r.entries)
	}
	for ch := range r.subs {
		select {
		case ch <- e.clone():
		default:
		}
	}
}

// Snapshot returns copies of the entries held, oldest first.
func (r *Ring) Snapshot() []Entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Entry, r.n)
	for i := range out {
		out[i] = r.entries[(r.start+i)%len(r.entries)].clone()
	}
	return out
}

// Subscribe streams every entry written from now on until ctx is done, then
// closes the channel. Entries that arrive while the channel's buffer is full
// are dropped for this subscriber only.
func (r *Ring) Subscribe(ctx context.Context) <-chan Entry {
	ch := make(chan Entry, subscriberBuffer)
	r.mu.Lock()
	r.subs[ch] = struct{}{}
	r.mu.Unlock()
	context.AfterFunc(ctx, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		delete(r.subs, ch)
		close(ch)
	})
	return ch
}

// Clear empties the ring. It affects only this memory buffer: the process
// output, subscribers and the Seq counter carry on.
func (r *Ring) Clear() {
	r.mu.Lock()
	defer r.mu.Unlock()
	clear(r.entries)
	r.start, r.n = 0, 0
}
