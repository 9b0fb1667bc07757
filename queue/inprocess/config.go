package inprocess

import (
	"errors"
	"time"
)

// Config tunes the queue. Zero values take the defaults of setDefaults.
type Config struct {
	// Capacity bounds the messages in the lanes, accepted but not yet
	// finished (waiting, being handled or waiting for a retry), reserved
	// slots included. Past it messages wait in the overflow, if any; once
	// that is full too, Send waits and TryReserve refuses (queue.ErrFull),
	// so a stalled consumer costs bounded memory: the webhook leaves what
	// does not fit to its receipts and the recovery sweep, which sends with
	// a wait. Default 1024.
	Capacity int
	// Overflow is how many more messages may wait in memory once the
	// Capacity slots are taken (overflow.go): TryReserve grants them room
	// there, and each goes to its lane, oldest first, as a slot frees. Zero
	// keeps none: a full queue then refuses at once.
	Overflow int
	// OverflowBytes bounds the memory of the messages waiting in the
	// overflow (their turns included); past it TryReserve refuses as when
	// Overflow is reached. Default 64 MiB when Overflow is set.
	OverflowBytes int64
	// Consumers is the number of goroutines handling messages at once
	// (INBOUND_CONCURRENCY in the runtime). Each has its own lane, and every
	// message goes to the lane of its phone, so one phone's messages are
	// handed to its conversation one at a time, in the order they were sent,
	// whatever the number; only a retried message goes to the back of its
	// lane. A phone whose handler is slow delays the other phones of its
	// lane, never the other lanes. Default 1.
	Consumers int
	// MaxAttempts is how many times one message is handled before it is
	// dropped. Default 5.
	MaxAttempts int
	// RetryBackoff is the wait before the first redelivery of a failed
	// message; it doubles per attempt up to MaxRetryBackoff. Default 500ms.
	RetryBackoff time.Duration
	// MaxRetryBackoff caps the wait between two attempts. Default 30s.
	MaxRetryBackoff time.Duration
	// CPUShort reports whether the process was short of CPU since its
	// previous call. The queue calls it from one goroutine, every tick of
	// its pacer (pace.go): while it is true and the queue refuses producers
	// (TryReserve), the consumers slow down and leave the CPU to the
	// producers. Default: the p99 of the waits for a core the scheduler
	// sampled is over 4 ms.
	CPUShort func() bool
}

func (c *Config) setDefaults() {
	if c.Capacity == 0 {
		c.Capacity = 1024
	}
	if c.Consumers == 0 {
		c.Consumers = 1
	}
	if c.Overflow > 0 && c.OverflowBytes == 0 {
		c.OverflowBytes = 64 << 20
	}
	if c.MaxAttempts == 0 {
		c.MaxAttempts = 5
	}
	if c.RetryBackoff == 0 {
		c.RetryBackoff = 500 * time.Millisecond
	}
	if c.MaxRetryBackoff == 0 {
		c.MaxRetryBackoff = 30 * time.Second
	}
}

// Validate reports a configuration the queue cannot run with.
func (c Config) Validate() error {
	switch {
	case c.Capacity < 1:
		return errors.New("inprocess: Capacity must be at least 1")
	case c.Consumers < 1:
		return errors.New("inprocess: Consumers must be at least 1")
	case c.Overflow < 0 || c.OverflowBytes < 0:
		return errors.New("inprocess: Overflow and OverflowBytes must not be negative")
	case c.MaxAttempts < 1:
		return errors.New("inprocess: MaxAttempts must be at least 1")
	case c.RetryBackoff <= 0 || c.MaxRetryBackoff < c.RetryBackoff:
		return errors.New("inprocess: need 0 < RetryBackoff <= MaxRetryBackoff")
	}
	return nil
}

// backoff is the wait before the next attempt of a message that has failed
// attempts times.
func (c Config) backoff(attempts int) time.Duration {
	d := c.RetryBackoff
	for i := 1; i < attempts && d < c.MaxRetryBackoff; i++ {
		d *= 2
	}
	return min(d, c.MaxRetryBackoff)
}
