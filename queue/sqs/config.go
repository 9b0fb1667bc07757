package sqs

import (
	"errors"
	"time"
)

// Config tunes the Poller. Zero values take the defaults of setDefaults.
type Config struct {
	// QueueURL is the queue to poll (INBOUND_QUEUE_URL).
	QueueURL string
	// WaitTime is the long-poll wait of one ReceiveMessage: SQS answers as
	// soon as a message arrives, or empty after WaitTime. Whole seconds from
	// 1s to 20s; default 20s, the fewest (billed) empty receives. Tests use 1s
	// so that a stop never waits long.
	WaitTime time.Duration
	// MaxMessages is the batch size of one receive, 1 to 10; default 10.
	MaxMessages int32
	// ErrorBackoff is the pause after a failed receive (the SDK has already
	// retried), so a missing queue or revoked credentials log once per pause
	// instead of spinning. Default 2s.
	ErrorBackoff time.Duration
}

func (c *Config) setDefaults() {
	if c.WaitTime == 0 {
		c.WaitTime = 20 * time.Second
	}
	if c.MaxMessages == 0 {
		c.MaxMessages = 10
	}
	if c.ErrorBackoff == 0 {
		c.ErrorBackoff = 2 * time.Second
	}
}

// Validate reports a configuration SQS would reject or the Poller cannot use.
func (c Config) Validate() error {
	switch {
	case c.QueueURL == "":
		return errors.New("sqs: QueueURL is required")
	case c.WaitTime < time.Second || c.WaitTime > 20*time.Second || c.WaitTime%time.Second != 0:
		return errors.New("sqs: WaitTime must be whole seconds from 1s to 20s")
	case c.MaxMessages < 1 || c.MaxMessages > 10:
		return errors.New("sqs: MaxMessages must be from 1 to 10")
	case c.ErrorBackoff < 0:
		return errors.New("sqs: ErrorBackoff must not be negative")
	}
	return nil
}
