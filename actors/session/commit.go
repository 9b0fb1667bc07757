package session

import (
	"time"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A turn's commit is built by commitOf, a pure function of the turn (its
// session, messages and outcome) and of what the conversation holds when the
// turn ends; the actor only sends what it builds to the table and, once
// stored, keeps what it returns. Building it costs no table request: the
// commit is one transaction whatever the turn was.

// commitScene is what a turn's commit is built from besides the turn itself.
type commitScene struct {
	phone string
	// create says the turn's session is not stored yet (stored.unstored).
	create bool
	// intent is the revision of the desired CRM state last committed.
	intent string
	// pending lists the messages buffered after the turn's; markerWritten
	// and legacyBuffer are the inbox's table items (see inbox).
	pending       []string
	markerWritten bool
	legacyBuffer  bool
	routedAt      map[string]routed
	// superseded are the answers superseded since the last commit.
	superseded []domain.Message
	// repliesIdle says no earlier reply waits to be sent, so this one is
	// committed with its first call begun.
	repliesIdle bool
	now         time.Time
	// newID names a reply message no model answer carried.
	newID func() string
}

// turnCommit is a turn's commit with what the conversation keeps of it
// once stored.
type turnCommit struct {
	Commit
	// reply is the message to send once stored, nil when none.
	reply *domain.Message
	// intent is the revision of the desired CRM state the commit records;
	// "" when it records none.
	intent string
	// marker says the commit lists pending messages in the marker.
	marker bool
	// payloadErr says the ERP customer of a completed registration could
	// not be prepared; the commit goes on without it.
	payloadErr error
}

// commitOf builds the commit of turn t.
func commitOf(t *turn, at commitScene) turnCommit {
	session, payloadErr := withCustomerIntent(t.outcome.Session)
	session.UpdatedAt = at.now
	session.ReplyTo = replyTo(t, session.ReplyTo)
	markHandoff(t.waitedBefore, &session, at.now)
	messages := inboundMessages(at.phone, t, session.State)
	messages = append(messages, t.log...)
	reply := t.reply
	if text := t.outcome.Reply; text != "" {
		if t.answered {
			last := &messages[len(messages)-1]
			last.Content, last.CleanMessageSent, last.StateAfter = text, text, session.State
		} else {
			messages = append(messages, replyMessage(at.phone, t, session, text, at.newID(), at.now))
		}
		last := &messages[len(messages)-1]
		last.Options = t.outcome.Options
		last.OutboxStatus, last.ReplyTo = domain.OutboxPending, session.ReplyTo
		if at.repliesIdle {
			*last = last.Begun()
		}
		r := *last
		reply = &r
	}
	messages = append(messages, t.summary...)
	messages = append(messages, at.superseded...)
	recordMilestones(&session, messages, at.now)
	consumed := make([]persistence.Consumed, 0, len(t.turns)+1)
	for _, m := range t.turns {
		r := at.routedAt[m.GetMessageId()]
		consumed = append(consumed, persistence.Consumed{MessageID: m.GetMessageId(), RoutedAt: r.at, Sync: r.sync})
	}
	if id := t.op.messageID(); id != "" {
		// An operator's message from their own phone.
		consumed = append(consumed, persistence.Consumed{MessageID: id, RoutedAt: at.now})
	}
	var note *persistence.Note
	if text := t.outcome.Note; text != "" {
		note = &persistence.Note{NoteID: at.newID(), PhoneNumber: at.phone, SessionID: session.SessionID,
			Customer: true, Text: text, At: at.now}
	}
	project, intent := false, ""
	if projected(t, session) {
		project, intent = intentChanged(session, at.intent)
	}
	return turnCommit{
		Commit: Commit{
			Phone:         at.phone,
			Messages:      messages,
			Session:       session,
			Create:        at.create,
			Pending:       at.pending,
			MarkerWritten: at.markerWritten,
			DropBuffer:    at.legacyBuffer,
			Consumed:      consumed,
			Demand:        t.outcome.Demand,
			Note:          note,
			Audit:         auditOf(t, at.phone, at.newID, at.now),
			Project:       project,
			Reset:         t.outcome.Reset,
			Now:           at.now,
		},
		reply:      reply,
		intent:     intent,
		marker:     len(at.pending) > 0,
		payloadErr: payloadErr,
	}
}

// projected reports whether a turn records the session's desired state (CRM
// and ERP) in its commit: the sessions projection.Wanted names.
// Renotifications and operator messages change nothing projected. The commit
// writes the intent only when its revision changed.
func projected(t *turn, s domain.Session) bool {
	if !projection.Wanted(s) {
		return false
	}
	op := t.op
	return op == nil || !(op.renotify || op.action() == sessionpb.OperatorAction_OPERATOR_ACTION_SEND)
}

// intentChanged reports whether a projected session's desired state differs
// from last, the revision this activation last committed, with the new
// revision. An unchanged intent is left out of the commit, which then reads
// and writes no projection at all.
func intentChanged(s domain.Session, last string) (bool, string) {
	desired, err := projection.Desired(s)
	var revision string
	if err == nil {
		revision, err = domain.Revision(desired)
	}
	if err != nil {
		return true, revision // the commit reports it
	}
	return revision != last, revision
}

// withCustomerIntent prepares the ERP customer of a session whose
// registration is complete (COMPLETED: its cadastral data was validated) as
// its erp_payload, in the commit of the turn that completed it; the
// projection intent committed with it carries the customer to the sync job,
// which creates it once. A payload prepared earlier is kept: the ERP gets the
// customer as first registered. Sessions that older releases marked
// erp_synced have their customer already.
func withCustomerIntent(s domain.Session) (domain.Session, error) {
	if s.State != domain.StateCompleted || s.ERPPayload != nil || s.ERPSynced {
		return s, nil
	}
	payload, err := projection.CustomerPayload(s)
	if err != nil {
		return s, err
	}
	s.ERPPayload = payload
	return s, nil
}
