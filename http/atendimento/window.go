package atendimento

import (
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// CustomerServiceWindow is how long after the customer's last message the
// messaging platform accepts free text to them; afterwards only approved
// template messages go through. The session actor enforces it too; the
// console checks first so the operator gets the explanation without a
// round trip, and shows how much of the window is left.
const CustomerServiceWindow = 24 * time.Hour

// window is the state of the customer-service window at a moment.
type window struct {
	Open bool
	// LastInbound is the customer's last message; nil when they never wrote.
	LastInbound *time.Time
	// Since is the time since that message; Remaining what is left of the
	// window (0 when closed).
	Since     time.Duration
	Remaining time.Duration
}

// windowAt computes the window from a session's log at now.
func windowAt(history []persistence.Message, now time.Time) window {
	for i := len(history) - 1; i >= 0; i-- {
		m := history[i]
		if m.Direction != persistence.DirectionInbound {
			continue
		}
		at := m.Timestamp.UTC()
		since := max(now.Sub(at), 0)
		w := window{LastInbound: &at, Since: since}
		if since <= CustomerServiceWindow {
			w.Open, w.Remaining = true, CustomerServiceWindow-since
		}
		return w
	}
	return window{}
}

// windowClosedText explains a refusal to send free text.
const windowClosedText = "The customer's last message is more than 24 hours old: the messaging platform only accepts " +
	"approved template messages outside the customer-service window. Free text is refused until the customer writes again."
