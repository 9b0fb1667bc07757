package session

import "time"

// debounce decides when a burst of customer messages is flushed into one turn:
// after a quiet window since the last message, but never later than maxWait
// after the first one, so a customer who keeps typing still gets an answer.
type debounce struct {
	window  time.Duration
	maxWait time.Duration
}

// deadline is the flush time for a burst whose first message arrived at first
// and whose latest arrived at last.
func (d debounce) deadline(first, last time.Time) time.Time {
	quiet := last.Add(d.window)
	limit := first.Add(d.maxWait)
	if quiet.After(limit) {
		return limit
	}
	return quiet
}
