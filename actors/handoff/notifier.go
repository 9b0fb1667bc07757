package handoff

import (
	"context"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// Notice is what a notifier is asked to tell operators about one handoff.
type Notice struct {
	// Session is the conversation handed off, as the session actor saved it
	// (the spec: "HandoffNotifier.notify(session) receives the Session itself").
	Session domain.Session
	// QueuePosition is the session's 1-based place among the conversations
	// waiting in HANDOFF; 0 when it is unknown (the queue could not be read).
	QueuePosition int
	// Renotify marks a reminder: the conversation is still waiting after the
	// first notice, and the text says since when.
	Renotify bool
	// Reopened marks a conversation its customer reopened after an
	// operator's close: only that operator (the session's assigned_to) is
	// told, as a transfer tells the one it names; other notifiers skip it.
	Reopened bool
	// At is when the notice is composed, to say how long the customer waits.
	At time.Time
}

// Notifier tells operators that a conversation waits for a person.
//
// Notify reports every outcome in the result, whose QueuePosition is the
// notice's: success with Notified false means the handoff is queued and
// nobody was told (notifications off, no recipient configured); success with
// Notified true means at least one person was sent the notice; success false
// carries the failure's detail and error kind (transient, permanent,
// uncertain). A notifier never sets Notified for a notice nobody received.
//
// The error is non-nil only when the call could not be made for a reason the
// caller owns: its context ended (the result then says what is known, e.g.
// uncertain when a request was already written). Provider and network
// failures are results, not errors, so code that reads only the result stays
// correct. Implementations are safe for concurrent use.
type Notifier interface {
	Notify(ctx context.Context, n Notice) (domain.HandoffNotifyResult, error)
}

// Queued is the result of a notice that reached nobody while the
// conversation waits in the queue: success, notified false.
func Queued(position int, mockID, detail string) domain.HandoffNotifyResult {
	return domain.HandoffNotifyResult{
		AdapterResult: domain.AdapterResult{
			Success: true,
			MockID:  domain.NullString(mockID),
			Detail:  detail,
		},
		QueuePosition: position,
	}
}

// Delivered is the result of a notice that reached at least one person.
// operatorPhone is the first operator told, "" when the recipients are not
// phones (e-mail).
func Delivered(position int, mockID, operatorPhone, detail string) domain.HandoffNotifyResult {
	return domain.HandoffNotifyResult{
		AdapterResult: domain.AdapterResult{
			Success: true,
			MockID:  domain.NullString(mockID),
			Detail:  detail,
		},
		Notified:      true,
		OperatorPhone: domain.NullString(operatorPhone),
		QueuePosition: position,
	}
}

// Failed is the result of a notice that reached nobody because sending
// failed; kind tells the caller whether trying again can help.
func Failed(position int, kind domain.ErrorKind, detail string) domain.HandoffNotifyResult {
	return domain.HandoffNotifyResult{
		AdapterResult: domain.AdapterResult{Detail: detail, ErrorKind: kind},
		QueuePosition: position,
	}
}
