package memory

import "time"

// Option configures a Table.
type Option func(*Table)

// WithClock sets the clock that decides whether an item's ttl has passed;
// tests pass a fake one. The default is time.Now.
func WithClock(now func() time.Time) Option {
	return func(t *Table) { t.now = now }
}
