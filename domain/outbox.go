package domain

// OutboxStatus is where a committed reply stands on its way to the customer.
// A reply is committed with its turn as pending, or as sending when it is
// sent at once (Message.Begun); only the conversation's messaging.Replies
// move it on, recording each step before and after the call to the platform,
// so a restart knows which replies were never tried and which may have been
// under way when the process died.
type OutboxStatus string

// The outbox statuses.
const (
	// OutboxPending: committed, not being sent; sent by the next attempt.
	OutboxPending OutboxStatus = "pending"
	// OutboxSending: a call to the platform was under way, or about to be
	// (Message.Begun). Found after a restart, its outcome is unknown: it is
	// sent again, and counted.
	OutboxSending OutboxStatus = "sending"
	// OutboxSent: the platform accepted it (provider_message_id holds its ID).
	OutboxSent OutboxStatus = "sent"
	// OutboxFailed: the platform refused it for good (error says why).
	OutboxFailed OutboxStatus = "failed"
)

// unfinished reports whether the reply still waits for a send result.
func (s OutboxStatus) unfinished() bool { return s == OutboxPending || s == OutboxSending }

// Unfinished reports whether the message is a committed reply still waiting
// for its send result.
func (m Message) Unfinished() bool { return m.OutboxStatus.unfinished() }

// Begun returns the reply m as a turn commits it when it is sent right after
// the commit: its first call already recorded as under way, which saves the
// outbox write Begin makes before a call. A process that dies between the
// commit and that call leaves it looking under way, so the send after the
// restart is counted as a possible duplicate though the customer gets the
// reply once: the count may overstate duplicates, never understate them.
func (m Message) Begun() Message {
	m.OutboxStatus, m.OutboxAttempts = OutboxSending, 1
	return m
}
