package session

import "sync"

// legacyBuffers remembers which phones may still hold a debounce buffer an
// older release left (persistence.DebounceBuffers), so that a conversation
// starting reads the buffer only when it may exist: a read on every
// activation would cost each new conversation a request for items no
// release writes any more.
//
// Until WaitingPhones has listed the buffers once, every phone may hold one.
// After that only the listed phones may: the buffers are never written
// again, so the list can only shrink, except while an older release still
// runs beside this one (a rolling upgrade), whose new buffers the listing
// made when that member leaves finds. A phone leaves the list once its
// conversation found no buffer. It is safe for concurrent use; the zero
// value is ready.
type legacyBuffers struct {
	mu     sync.Mutex
	known  bool // WaitingPhones listed the buffers at least once
	phones map[string]struct{}
}

// mayHold reports whether the phone may have a buffer to read.
func (l *legacyBuffers) mayHold(phone string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, listed := l.phones[phone]
	return !l.known || listed
}

// listed records the phones a listing of the buffers found, adding to those
// found before: a listing that began before a buffer was written misses it.
func (l *legacyBuffers) listed(phones []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.phones == nil {
		l.phones = make(map[string]struct{}, len(phones))
	}
	for _, p := range phones {
		l.phones[p] = struct{}{}
	}
	l.known = true
}

// forget records that the phone's conversation found no buffer.
func (l *legacyBuffers) forget(phone string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.phones, phone)
}
