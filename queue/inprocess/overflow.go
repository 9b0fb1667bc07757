package inprocess

import (
	"unsafe"

	"github.com/intake-runtime/intake/queue"
)

// overflow holds the messages accepted beyond Capacity, oldest first, until
// a slot frees: then the oldest goes to the lane of its phone (Queue.finish).
// A burst that outruns the consumers so waits seconds in memory instead of
// minutes for the recovery sweep, and a message that waited here still
// carries its turn, so its conversation does not read its receipt.
//
// It is bounded by entries and by bytes (Config.Overflow, OverflowBytes):
// past either, producers that cannot wait are refused as before, and their
// messages are left to their receipts and the sweep. The Queue's admit lock
// guards it, and keeps one rule: while anything waits here, every slot is
// taken, so nothing waits here that a lane could take.
type overflow struct {
	maxEntries int
	maxBytes   int64

	items []queue.Message // items[head:] wait, oldest first
	head  int
	// ids are the message IDs waiting, so that a copy of one (the recovery
	// sweep's, or a redelivery's) is not queued behind it a second time.
	ids   map[string]struct{}
	bytes int64 // the footprints of items[head:]
	// reserved counts the places taken by TryReserve and not yet sent
	// into: they count against maxEntries, not yet against maxBytes.
	reserved int
}

func newOverflow(cfg Config) *overflow {
	return &overflow{maxEntries: cfg.Overflow, maxBytes: cfg.OverflowBytes, ids: map[string]struct{}{}}
}

// len is how many messages wait.
func (o *overflow) len() int { return len(o.items) - o.head }

// room reports whether one more message may wait.
func (o *overflow) room() bool {
	return o.len()+o.reserved < o.maxEntries && o.bytes < o.maxBytes
}

// has reports whether a message of that ID waits.
func (o *overflow) has(messageID string) bool {
	_, ok := o.ids[messageID]
	return ok
}

// push appends m behind everything waiting; a message of the same ID
// waiting already absorbs it.
func (o *overflow) push(m queue.Message) {
	if o.has(m.MessageID) {
		return
	}
	if o.head > 0 && len(o.items) == cap(o.items) {
		// Reuse the room of the messages already gone instead of growing.
		n := copy(o.items, o.items[o.head:])
		clear(o.items[n:])
		o.items, o.head = o.items[:n], 0
	}
	o.items = append(o.items, m)
	o.ids[m.MessageID] = struct{}{}
	o.bytes += footprint(m)
}

// pop takes the oldest waiting message; ok is false when none waits.
func (o *overflow) pop() (m queue.Message, ok bool) {
	if o.len() == 0 {
		return queue.Message{}, false
	}
	m = o.items[o.head]
	o.items[o.head] = queue.Message{} // the overflow no longer holds the turn
	o.head++
	if o.head == len(o.items) {
		o.items, o.head = o.items[:0], 0
		if cap(o.items) > shrinkAbove {
			o.items = nil // a burst's backing array is not kept for good
		}
	}
	delete(o.ids, m.MessageID)
	o.bytes -= footprint(m)
	if len(o.ids) == 0 {
		o.ids = map[string]struct{}{} // a map keeps its buckets after its deletes
	}
	return m, true
}

// shrinkAbove is the capacity past which an emptied overflow lets its
// backing array go.
const shrinkAbove = 1024

// entryBytes is what one waiting message costs besides its strings: its
// place in items and in ids, and the turn it carries, allocations rounded
// up. TestOverflowFootprintCoversTheHeap measures it.
const entryBytes = 192

// footprint is what m holds in memory while it waits: the byte budget
// counts it, so that long texts mean fewer messages, not more memory.
func footprint(m queue.Message) int64 {
	n := entryBytes + len(m.PhoneNumber) + len(m.MessageID)
	if t := m.Turn; t != nil {
		n += int(unsafe.Sizeof(*t)) + len(t.Content) + len(t.Instance) + len(t.PushName) +
			len(t.ReplyID) + len(t.ReplyTo) + len(t.MessageType)
		if md := t.Media; md != nil {
			n += int(unsafe.Sizeof(*md)) + len(md.ID) + len(md.MimeType) + len(md.SHA256) +
				len(md.FileName) + len(md.Caption)
		}
	}
	return int64(n)
}

// Overflowing is how many messages wait in the overflow for a slot now.
func (q *Queue) Overflowing() int {
	q.admit.Lock()
	defer q.admit.Unlock()
	return q.over.len()
}
