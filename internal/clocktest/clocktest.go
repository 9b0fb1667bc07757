// Package clocktest is a settable clock for tests: time moves only when the
// test moves it, and every component given its Now (a handler, the memory
// table, a fake) reads the same instant, safely from any goroutine.
package clocktest

import (
	"sync"
	"time"
)

// Clock is a clock the test sets. Its zero value reads the zero time.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// New returns a clock that reads start until the test advances it.
func New(start time.Time) *Clock { return &Clock{now: start} }

// Now is the clock's instant.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d (back, for a negative d).
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}
