package conversation

import (
	"time"

	"github.com/intake-runtime/intake/domain"
)

// CustomerServiceWindow is how long after the customer's last message the
// messaging platform accepts free text to them; afterwards only approved
// template messages go through.
const CustomerServiceWindow = 24 * time.Hour

// Window is the state of the customer-service window at a moment. The
// operator rules refuse free text outside it; the console shows it.
type Window struct {
	Open bool
	// LastInbound is the customer's last message; nil when they never wrote.
	LastInbound *time.Time
	// Since is the time since that message; Remaining what is left of the
	// window (0 when closed).
	Since     time.Duration
	Remaining time.Duration
}

// WindowAt computes the window from a session's log at now.
func WindowAt(history []domain.Message, now time.Time) Window {
	for i := len(history) - 1; i >= 0; i-- {
		m := history[i]
		if m.Direction != domain.DirectionInbound {
			continue
		}
		at := m.Timestamp.UTC()
		since := max(now.Sub(at), 0)
		w := Window{LastInbound: &at, Since: since}
		if since <= CustomerServiceWindow {
			w.Open, w.Remaining = true, CustomerServiceWindow-since
		}
		return w
	}
	return Window{}
}
