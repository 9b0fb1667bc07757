package session

import (
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// stored is the part of a conversation that remembers what the table holds
// of it, so a turn reads nothing it already knows: the phone's active
// session and its log, read when the activation starts and then kept by the
// commits and the send results, and the revision of the desired CRM state
// last committed.
type stored struct {
	session *domain.Session // nil until the phone's first turn, and after a reset
	// noSessions says the phone had no session when the activation started
	// and none has begun since (Loaded.NoSessions).
	noSessions bool
	// unstored says session was begun by this activation and no commit has
	// stored it yet: the next commit creates it (Commit.Create).
	unstored bool
	// history is the log of the session historyOf names, oldest first, as
	// remember keeps it.
	history   []domain.Message
	historyOf string
	// intent is the revision of the desired CRM state this activation last
	// committed, so an unchanged one is not written again.
	intent string
}

// loaded starts from what the activation read.
func (s *stored) loaded(l Loaded) {
	s.session, s.noSessions = l.Session, l.NoSessions
	if l.Session != nil {
		s.history, s.historyOf = l.History, l.Session.SessionID
	}
}

// open is the open session and its log, when this activation holds both;
// ok is false when a turn must ask the store (Store.Begin).
func (s *stored) open() (beginResult, bool) {
	if !s.isOpen() || s.historyOf != s.session.SessionID {
		return beginResult{}, false
	}
	return beginResult{session: *s.session, history: s.history, isNew: s.unstored}, true
}

// first is the session a phone that has none at all begins, without asking
// the store: a new session then follows none (Prior.NoSessions), so
// Store.Begin would read nothing and only call fresh. ok is false when the
// phone has or had a session.
func (s *stored) first(fresh func(*domain.Session) domain.Session) (beginResult, bool) {
	if s.session != nil || !s.noSessions {
		return beginResult{}, false
	}
	return beginResult{session: fresh(nil), isNew: true}, true
}

// isOpen reports whether the phone has a session that is not closed.
func (s *stored) isOpen() bool {
	return s.session != nil && s.session.State != domain.StateClosed
}

// prior is what a turn's Store.Begin is told.
func (s *stored) prior() Prior {
	prior := Prior{NoSessions: s.noSessions}
	if s.session != nil {
		cp := *s.session
		prior.Current = &cp
	}
	return prior
}

// begun records the session a turn runs in.
func (s *stored) begun(res *beginResult) {
	cp := res.session
	s.session, s.noSessions, s.unstored = &cp, false, res.isNew
	s.history, s.historyOf = res.history, cp.SessionID
}

// committed records a stored commit: the session as stored, the log it
// wrote, and the intent revision it recorded ("" when none).
func (s *stored) committed(session domain.Session, log []domain.Message, intent string) {
	s.session, s.unstored = &session, false
	s.history = remember(log, s.history)
	if intent != "" {
		s.intent = intent
	}
}

// reset records that the phone's active pointer names no session any more:
// the next turn begins a new one, after the last closed.
func (s *stored) reset() {
	*s = stored{intent: s.intent}
}

// sent records a reply's send result in the history, so the model's next
// request holds only text the customer was sent.
func (s *stored) sent(msg *messaging.Sent) {
	for i := range s.history {
		if m := &s.history[i]; m.MessageID == msg.Entry.MessageID && m.Unfinished() {
			if msg.Response.Success {
				m.OutboxStatus, m.ProviderMessageID = domain.OutboxSent, string(msg.Response.MockID)
			} else {
				m.OutboxStatus, m.Error = domain.OutboxFailed, msg.Response.Detail
			}
		}
	}
}
