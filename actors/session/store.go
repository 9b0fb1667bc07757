package session

import (
	"context"
	"time"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Store is the table access of conversations. Implementations are safe for
// concurrent use; each conversation calls it from its table lane, one call at
// a time, so its writes land in the order the actor made them.
type Store interface {
	// Load returns what a conversation starts from: the phone's active session
	// (nil when there is none, or when it was reset), its message log, and
	// the turns an older release's debounce buffer holds.
	Load(ctx context.Context, phone string) (Loaded, error)
	// WaitingPhones lists the phones whose conversation has work that no
	// message will trigger: committed replies not yet sent, a handoff
	// waiting in the queue (its renotifications), or turns an older
	// release's debounce buffer holds. Messages not yet answered come back
	// through the recovery sweep of their receipts.
	WaitingPhones(ctx context.Context) ([]string, error)
	// Begin returns the session a turn runs in, with its message history
	// oldest first. It is prior.Current when that is open; otherwise fresh
	// builds a new session from the phone's last closed one (nil when none),
	// which is not stored yet: the commit of the turn creates it
	// (Commit.Create). The conversation calls it only when it does not hold
	// the open session's history already, nor knows that the phone never had
	// a session (then it calls fresh(nil) itself).
	Begin(ctx context.Context, phone string, prior Prior, fresh func(previous *domain.Session) domain.Session) (Begun, error)
	// Commit writes a finished turn in one transaction and returns the session
	// as stored. It is persistence.ErrConflict when the session moved past the
	// version the turn ran on, and a *persistence.ConsumedError when a message
	// of the turn was answered by an earlier commit; nothing is written then.
	Commit(ctx context.Context, c Commit) (domain.Session, error)
	// Reset points the phone at no session (persistence.ResetPointer), for
	// the reset of a phone without an open session; one with an open
	// session is reset by the commit that closes it (Commit.Reset).
	Reset(ctx context.Context, phone string) error
}

// Loaded is what a conversation starts from.
type Loaded struct {
	Session *domain.Session
	// History is the active session's log, oldest first: the replies whose
	// send has no result yet are in it too (domain.Message.Unfinished).
	History []domain.Message
	// Turns are those of a debounce buffer an older release left; the next
	// commit deletes it.
	Turns []*sessionpb.InboundTurn
	// NoSessions says the phone has never had a session
	// (persistence.ErrNoSessions).
	NoSessions bool
}

// Begun is the session a turn runs in (Store.Begin).
type Begun struct {
	Session domain.Session
	// History is the session's log, oldest first.
	History []domain.Message
	// New says Session was just built and is not stored: the turn's commit
	// creates it.
	New bool
}

// Prior is what a conversation knows of its phone's sessions when a turn
// begins.
type Prior struct {
	// Current is the session the conversation holds, nil when none.
	Current *domain.Session
	// NoSessions says the phone has none at all (Loaded.NoSessions), so a new
	// session follows none: Begin reads nothing to find the last closed one.
	NoSessions bool
}

// Commit is everything one turn writes, all in one transaction: the message
// log, the session snapshot conditional on the version it was loaded with, the
// receipts of the consumed messages marked completed, the pending marker
// (the messages held and not answered), the demand, the CRM projection
// intent and the reply's outbox entry (a log item committed as pending).
type Commit struct {
	Phone    string
	Messages []domain.Message
	Session  domain.Session
	// Create says the turn starts Session (Begun.New): the commit creates it.
	Create bool
	// Pending are the messages held and not answered; MarkerWritten and
	// DropBuffer as in persistence.TurnCommit.
	Pending       []string
	MarkerWritten bool
	DropBuffer    bool
	Consumed      []persistence.Consumed
	Demand        *domain.OutOfPortfolioDemand
	// Note is the customer's comment after a satisfaction score, stored as
	// a note for the operators with the turn; nil when none.
	Note *persistence.Note
	// Project records the session's desired CRM state with the turn.
	Project bool
	// Audit is the entry recording a person's command, nil on other turns.
	Audit *persistence.AuditEntry
	// Reset points the phone at no session (the administration's reset):
	// the active pointer becomes persistence.ResetPointer.
	Reset bool
	Now   time.Time
}
