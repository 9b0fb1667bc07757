package conversation

import (
	"time"

	"github.com/intake-runtime/intake/domain"
)

// closeSession is the one rule of closing a session, whoever closes it: the
// model's closing step, an operator's CLOSE, the administration's RESET.
// The session becomes CLOSED with closed_at now (UTC). What comes with the
// close (a summary, the deal's terminal stage through the projection
// intent, the active pointer reset) is each caller's Outcome.
func closeSession(s domain.Session, now time.Time) domain.Session {
	closed := now.UTC()
	s.State, s.ClosedAt = domain.StateClosed, &closed
	return s
}
