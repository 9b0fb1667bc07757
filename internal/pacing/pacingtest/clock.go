// Package pacingtest is test support for code paced by package pacing: a
// clock whose Sleep returns at once, so pacing is checked by counting and
// ordering, never by measuring wall-clock time. Production code never
// imports it.
package pacingtest

import (
	"context"
	"sync"
	"time"
)

// FakeClock is a pacing.Clock whose Sleep returns at once. When advance is set, Sleep
// moves the clock forward by the slept duration, as if the caller had waited;
// otherwise time stands still, so concurrent reservations can be compared
// against one instant. It records every Sleep.
type FakeClock struct {
	mu      sync.Mutex
	now     time.Time
	advance bool
	slept   []time.Duration
}

// NewFakeClock returns a clock at a fixed instant; see FakeClock for advance.
func NewFakeClock(advance bool) *FakeClock {
	return &FakeClock{now: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC), advance: advance}
}

// Now implements pacing.Clock.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Sleep implements pacing.Clock without waiting.
func (c *FakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d <= 0 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.slept = append(c.slept, d)
	if c.advance {
		c.now = c.now.Add(d)
	}
	return nil
}

// Add moves the clock forward by d.
func (c *FakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// SleepsOver returns the recorded sleeps of at least min, in order.
func (c *FakeClock) SleepsOver(min time.Duration) []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []time.Duration
	for _, d := range c.slept {
		if d >= min {
			out = append(out, d)
		}
	}
	return out
}
