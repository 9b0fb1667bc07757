package inprocess

import (
	"slices"
	"sync"
)

// lane is the FIFO of one consumer goroutine: the messages of the phones
// that hash to it (Queue.laneOf), in the order they were sent. One consumer
// per lane is what keeps one phone's messages in order whatever the number
// of consumers. Its memory follows its contents; the queue's slots bound
// the total.
type lane struct {
	mu    sync.Mutex
	items []envelope // items[head:] wait, oldest first
	head  int
	// wake holds a token while items may be waiting, so an idle consumer
	// sleeps on it instead of polling.
	wake chan struct{}
}

func newLane() *lane { return &lane{wake: make(chan struct{}, 1)} }

// push appends env behind everything waiting.
func (l *lane) push(env envelope) {
	l.mu.Lock()
	if l.head > 0 && len(l.items) == cap(l.items) {
		// Reuse the room of the messages already taken instead of growing.
		n := copy(l.items, l.items[l.head:])
		clear(l.items[n:])
		l.items, l.head = l.items[:n], 0
	}
	l.items = append(l.items, env)
	l.mu.Unlock()
	l.signal()
}

// pushFront puts env back ahead of everything waiting: a message whose
// handling a stop interrupted keeps its place before the later ones.
func (l *lane) pushFront(env envelope) {
	l.mu.Lock()
	if l.head > 0 {
		l.head--
		l.items[l.head] = env
	} else {
		l.items = slices.Insert(l.items, 0, env)
	}
	l.mu.Unlock()
	l.signal()
}

// pop takes the oldest waiting message; ok is false when none waits.
func (l *lane) pop() (env envelope, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.head == len(l.items) {
		return envelope{}, false
	}
	env = l.items[l.head]
	l.items[l.head] = envelope{} // the queue no longer holds the turn
	l.head++
	if l.head == len(l.items) {
		l.items, l.head = l.items[:0], 0
	}
	return env, true
}

func (l *lane) signal() {
	select {
	case l.wake <- struct{}{}:
	default: // a token is already there
	}
}

// waiting counts the messages in the lane not yet taken.
func (l *lane) waiting() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.items) - l.head
}
