package session

import "time"

// A turn's model calls share one deadline, TurnDeadline from its first call:
// the model client's per-attempt timeout and retries, the turn's own retries
// of unusable answers and its knowledge enrichments all fit inside it, so a
// hung provider costs the customer TurnDeadline, not the product of every
// bound. Past it the turn falls back (Engine.Failure: the fallback text and
// the AGENT_FAILURE handoff). The summary that a failure asks for gets at
// least SummaryTimeout of its own, then the deterministic summary stands in.
// Deadlines are wall-clock time, not Deps.Now, which tests pin.

// turnDeadline is t's deadline, set by its first model call.
func (c *conversationActor) turnDeadline(t *turn) time.Time {
	if t.deadline.IsZero() {
		t.deadline = time.Now().Add(c.deps.Config.TurnDeadline)
	}
	return t.deadline
}

// pastDeadline reports whether t may make no further model call.
func (c *conversationActor) pastDeadline(t *turn) bool {
	return !time.Now().Before(c.turnDeadline(t))
}

// summaryDeadline is the deadline of t's summary call: what remains of the
// turn's, but at least SummaryTimeout.
func (c *conversationActor) summaryDeadline(t *turn) time.Time {
	least := time.Now().Add(c.deps.Config.SummaryTimeout)
	if d := c.turnDeadline(t); d.After(least) {
		return d
	}
	return least
}
