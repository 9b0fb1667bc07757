package session

import (
	"time"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// replyClock remembers, for each committed reply not yet sent, when the
// customer's wait for it began: the earliest webhook acceptance among the
// messages its turn answered. The send's result then observes the wait
// (Metrics.Replied). It is memory only, so no table request pays for it: a
// reply sent after a restart goes unmeasured, as do replies whose messages
// carry no acceptance (older releases, the synchronous chat route).
type replyClock map[string]time.Time

// start remembers the wait of reply, answering turns, when any of them
// carries its acceptance.
func (r *replyClock) start(reply *domain.Message, turns []*sessionpb.InboundTurn) {
	var earliest time.Time
	for _, t := range turns {
		if at := t.GetAcceptedAt(); at != nil && (earliest.IsZero() || at.AsTime().Before(earliest)) {
			earliest = at.AsTime()
		}
	}
	if reply == nil || earliest.IsZero() {
		return
	}
	if *r == nil {
		*r = replyClock{}
	}
	(*r)[reply.MessageID] = earliest
}

// stop forgets the reply with id and returns when its wait began, zero when
// it was not measured.
func (r replyClock) stop(id string) time.Time {
	began := r[id]
	delete(r, id)
	return began
}

// firstOperatorReply reports whether reply, committed on s, is the first
// message an operator sent the customer since s was handed off, and when
// that was: the end of the handoff's wait. history is the log before it.
func firstOperatorReply(history []domain.Message, s domain.Session, reply domain.Message) (handedOffAt time.Time, first bool) {
	if reply.OperatorPhone == "" || s.HandoffAt == nil {
		return time.Time{}, false
	}
	for _, m := range history {
		if m.Direction == domain.DirectionOutbound && m.OperatorPhone != "" && !m.Timestamp.Before(*s.HandoffAt) {
			return time.Time{}, false
		}
	}
	return *s.HandoffAt, true
}
