package config

import "time"

// Closing is what an operator's close does besides the farewell.
type Closing struct {
	// CSATEnabled sends, after the farewell, the 1–5 satisfaction question
	// as a choice the customer taps; the score is stored on the closed
	// session and shown in the console and the admin list (CSAT_ENABLED,
	// default false).
	CSATEnabled bool
	// ReopenWindow is how long after an operator's close a customer who
	// writes goes back to the same conversation with the same operator
	// instead of a new bot session (REOPEN_WINDOW, default 0: never, the
	// spec's new session).
	ReopenWindow time.Duration
}

func (r *reader) readClosing(c *Closing) {
	r.boolean("CSAT_ENABLED", &c.CSATEnabled)
	r.duration("REOPEN_WINDOW", &c.ReopenWindow)
}

func (v *validator) closing(c Closing) {
	if c.ReopenWindow < 0 {
		v.fail("REOPEN_WINDOW", "%s is negative; 0 turns reopening off", c.ReopenWindow)
	}
}
