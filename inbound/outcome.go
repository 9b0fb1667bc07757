package inbound

// Outcome is what became of one inbound message handed to Acceptor.Accept.
// What each means for the caller's answer is the caller's to say (the
// webhook answers 200 for every one of them); what a delivery has a right to
// conclude is decided here.
type Outcome int

const (
	// Accepted: this delivery enqueued the message.
	Accepted Outcome = iota + 1
	// Deferred: this delivery recorded the message, or found it recorded
	// and unclaimed, while the queue had no room: the recovery sweep
	// enqueues it. It may be acknowledged like Accepted: the receipt is what
	// keeps it.
	Deferred
	// Duplicate: a turn already took the message; nothing was done.
	Duplicate
	// InProgress: another delivery took the claim less than a lease ago and
	// no turn has taken the message yet. The receipt is written, so this
	// copy may be acknowledged: should the holder's enqueue fail, its own
	// delivery fails and is redelivered, and the recovery sweep enqueues
	// whatever receipt no turn answered.
	InProgress
)

// String names the outcome, for logs and test failures.
func (o Outcome) String() string {
	switch o {
	case Accepted:
		return "accepted"
	case Deferred:
		return "deferred"
	case Duplicate:
		return "duplicate"
	case InProgress:
		return "in_progress"
	default:
		return "none"
	}
}
