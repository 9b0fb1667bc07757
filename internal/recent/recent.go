// Package recent keeps the last N values of a stream, dropping the oldest:
// the call history of the local stubs, which an emulator left running for
// days would otherwise grow without bound. It is not safe for concurrent
// use; its owners hold their own lock.
package recent

import "slices"

// DefaultMax is the length a List keeps when given none (STUB_HISTORY).
const DefaultMax = 1000

// List holds the last Max values added, oldest first. The zero List keeps
// DefaultMax.
type List[T any] struct {
	// Max is how many values are kept; zero or less means DefaultMax.
	Max   int
	items []T
}

// Add appends v, dropping the oldest value past Max.
func (l *List[T]) Add(v T) {
	limit := l.Max
	if limit <= 0 {
		limit = DefaultMax
	}
	if over := len(l.items) + 1 - limit; over > 0 {
		// Shift in place rather than reslicing, so the backing array stays
		// at Max and does not keep dropped values reachable.
		n := copy(l.items, l.items[over:])
		clear(l.items[n:])
		l.items = l.items[:n]
	}
	l.items = append(l.items, v)
}

// All returns a copy of the kept values, oldest first.
func (l *List[T]) All() []T { return slices.Clone(l.items) }

// Len is how many values are kept.
func (l *List[T]) Len() int { return len(l.items) }
