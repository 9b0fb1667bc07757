package memory

import (
	"slices"
	"strings"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// store holds the items: partitions by pk, each a slice of slots in sort key
// byte order (the order DynamoDB gives UTF-8 strings), and the gsi1 index as
// the set of keys per gsi1pk. It is not synchronized; Table locks around it.
type store struct {
	parts map[string][]slot
	index map[string]map[persistence.Key]struct{}
	// expiries remind the purge of every stored item with a ttl (see
	// purge.go).
	expiries expiries
	// items and bytes count what is stored, expired or not: the items and
	// their sizes as DynamoDB counts them.
	items, bytes int
	// removed counts map entries deleted since the maps were last rebuilt:
	// Go maps never shrink, so compact rebuilds them once the deleted
	// entries outnumber the live ones.
	removed int
}

// slot is one item of a partition.
type slot struct {
	sk  string
	rec record
}

// record is a stored item, clean (see clean), with what the table reads of it
// on every query: its expiry and index keys.
type record struct {
	item persistence.Item
	// ttl is the canonical number of the ttl attribute, "" when the item has
	// no numeric ttl.
	ttl string
	// gsi1pk and gsi1sk are the index keys, both "" when the item is not in
	// the index.
	gsi1pk, gsi1sk string
}

func (r record) expired(now time.Time) bool { return expiredAt(r.ttl, now) }

func newStore() *store {
	return &store{
		parts: make(map[string][]slot),
		index: make(map[string]map[persistence.Key]struct{}),
	}
}

// get returns the stored record under k, expired or not.
func (s *store) get(k persistence.Key) (record, bool) {
	slots := s.parts[k.PK]
	if i, found := findSlot(slots, k.SK); found {
		return slots[i].rec, true
	}
	return record{}, false
}

// put stores rec under k, replacing any previous record.
func (s *store) put(k persistence.Key, rec record) {
	slots := s.parts[k.PK]
	i, found := findSlot(slots, k.SK)
	// Every stored item with a ttl has a reminder: a new one when its ttl
	// changes, the one of the item it replaces otherwise.
	if rec.ttl != "" && (!found || slots[i].rec.ttl != rec.ttl) {
		s.expiries.remind(k, rec.ttl)
	}
	s.bytes += persistence.ItemSize(rec.item)
	if found {
		s.bytes -= persistence.ItemSize(slots[i].rec.item)
		s.unindex(k, slots[i].rec)
		slots[i].rec = rec
	} else {
		s.items++
		s.parts[k.PK] = slices.Insert(slots, i, slot{sk: k.SK, rec: rec})
	}
	if rec.gsi1pk != "" {
		if s.index[rec.gsi1pk] == nil {
			s.index[rec.gsi1pk] = make(map[persistence.Key]struct{})
		}
		s.index[rec.gsi1pk][k] = struct{}{}
	}
}

// delete removes the record under k, if any.
func (s *store) delete(k persistence.Key) {
	slots := s.parts[k.PK]
	i, found := findSlot(slots, k.SK)
	if !found {
		return
	}
	s.unindex(k, slots[i].rec)
	s.items--
	s.bytes -= persistence.ItemSize(slots[i].rec.item)
	if len(slots) == 1 {
		delete(s.parts, k.PK)
		s.removed++
	} else {
		s.parts[k.PK] = slices.Delete(slots, i, i+1)
	}
}

// unindex removes old, the record under k, from the index if it is there.
func (s *store) unindex(k persistence.Key, old record) {
	if old.gsi1pk == "" {
		return
	}
	delete(s.index[old.gsi1pk], k)
	s.removed++
	if len(s.index[old.gsi1pk]) == 0 {
		delete(s.index, old.gsi1pk)
	}
}

// findSlot returns where sk is or would be in slots.
func findSlot(slots []slot, sk string) (int, bool) {
	return slices.BinarySearchFunc(slots, sk, func(s slot, sk string) int { return strings.Compare(s.sk, sk) })
}
