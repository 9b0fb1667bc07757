package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// TurnCommit is everything one conversation turn changes. Turns commits it
// in one transaction, so a crash leaves the turn either wholly done or not
// done at all: before the commit it runs again, after it never.
type TurnCommit struct {
	Phone string
	// Messages are the turn's log items: the customer's messages, the model's
	// answers, the reply (an outbox entry: OutboxStatus pending) and the
	// summary call.
	Messages []domain.Message
	// Session is the snapshot, written over the version it was loaded with,
	// or created when Create is set.
	Session domain.Session
	// Create says the turn starts Session, which is not stored yet: the
	// commit creates it and points the phone at it (Sessions.Create), so a
	// conversation's first turn costs one write request, not two.
	Create bool
	// Pending are the messages the conversation holds and the turn did not
	// answer (they arrived while it ran, or did not fit): the pending marker
	// lists them. MarkerWritten says the marker lists something now, so an
	// empty Pending deletes it; otherwise nothing is written for it.
	Pending       []string
	MarkerWritten bool
	// DropBuffer deletes the debounce buffer an older release left, whose
	// turns the conversation took over when it started.
	DropBuffer bool
	// Consumed are the messages the turn answers. Their receipts are marked
	// completed, conditional on no earlier turn having consumed them: that
	// condition, kept by the table, is what makes one message one turn.
	Consumed []Consumed
	// Demand is the out-of-portfolio demand the turn recorded, if any.
	Demand *domain.OutOfPortfolioDemand
	// Extra are further writes of the turn built by their own repositories
	// (the CRM projection intent).
	Extra []TxWrite
	Now   time.Time
}

// fixedTurnWrites counts the writes of a commit besides its messages,
// receipts and extras, at the most: the session, the active pointer of a
// session the turn creates, an older release's buffer, the pending marker
// and the demand.
const fixedTurnWrites = 5

// MaxTurnMessages is how many customer messages one turn may consume so that
// its commit fits one transaction: each costs its log item and its receipt,
// and room is kept for the model's answers (retries and knowledge requests
// included), the reply, the summary, superseded answers carried over and the
// extras. A longer burst is answered in consecutive turns.
const MaxTurnMessages = (MaxTxWrites - fixedTurnWrites - maxSearchWrites - 12) / 2

// Consumed is a message a turn answers, with when its conversation took it.
type Consumed struct {
	MessageID string
	// RoutedAt is when the conversation accepted the message; zero when it
	// is not known (the message was reloaded after a restart), and the
	// commit's time is recorded instead.
	RoutedAt time.Time
	// Sync marks a message a synchronous path (/chat) handed to the
	// conversation and waited for: its receipt records sync_claimed_at.
	Sync bool
}

// ConsumedError reports a turn that would answer a message an earlier
// committed turn already answered. Nothing was written; the caller drops the
// message from the turn.
type ConsumedError struct{ MessageID string }

func (e *ConsumedError) Error() string {
	return fmt.Sprintf("persistence: message %s was already answered by a committed turn", e.MessageID)
}

// Turns commits conversation turns. It is safe for concurrent use.
type Turns struct {
	table Table
}

// NewTurns returns the turn repository over table.
func NewTurns(table Table) *Turns { return &Turns{table: table} }

// Commit writes c in one transaction and returns the session as stored. It
// is ErrConflict when the session moved past the version c was built on
// (the caller reloads), and a *ConsumedError when one of c.Consumed was
// answered already.
func (r *Turns) Commit(ctx context.Context, c TurnCommit) (domain.Session, error) {
	writes, saved, err := c.writes()
	if err != nil {
		return domain.Session{}, err
	}
	err = r.table.Transact(ctx, writes)
	if i, ok := CancelledAt(err); ok && i >= c.receiptsAt() && i < c.receiptsAt()+len(c.Consumed) {
		return domain.Session{}, &ConsumedError{MessageID: c.Consumed[i-c.receiptsAt()].MessageID}
	}
	if err != nil {
		return domain.Session{}, fmt.Errorf("persistence: commit turn of session %s: %w", c.Session.SessionID, err)
	}
	return saved, nil
}

// receiptsAt is the position of the first receipt write in c's transaction.
func (c TurnCommit) receiptsAt() int { return 1 + len(c.Messages) }

// writes lays the transaction out: session, messages, receipts, marker,
// buffer, demand, extras, active pointer (when it creates the session),
// search lookups.
func (c TurnCommit) writes() ([]TxWrite, domain.Session, error) {
	if n := len(c.Messages) + len(c.Consumed) + len(c.Extra) + fixedTurnWrites + maxSearchWrites; n > MaxTxWrites {
		return nil, domain.Session{}, fmt.Errorf("persistence: a turn of %d writes does not fit one transaction", n)
	}
	writes := make([]TxWrite, 0, len(c.Messages)+len(c.Consumed)+len(c.Extra)+fixedTurnWrites)
	save := saveTx
	if c.Create {
		save = createTx
	}
	session, saved, err := save(c.Session)
	if err != nil {
		return nil, domain.Session{}, err
	}
	writes = append(writes, session[0])
	for _, m := range c.Messages {
		item, err := EncodeMessage(m)
		if err != nil {
			return nil, domain.Session{}, err
		}
		// Log items are immutable: one already under the key is this one.
		writes = append(writes, PutTx(item, nil))
	}
	for _, m := range c.Consumed {
		writes = append(writes, answeredReceiptTx(m, c.Now))
	}
	marker, err := c.markerTx()
	if err != nil {
		return nil, domain.Session{}, err
	}
	if marker != nil {
		writes = append(writes, *marker)
	}
	if c.DropBuffer {
		writes = append(writes, DeleteTx(DebounceBuffer{PhoneNumber: c.Phone}.Key(), nil))
	}
	if c.Demand != nil {
		item, err := EncodeDemand(*c.Demand)
		if err != nil {
			return nil, domain.Session{}, err
		}
		writes = append(writes, PutTx(item, nil))
	}
	// The active pointer and the search lookups go last, so the receipts
	// keep their places.
	return append(append(writes, c.Extra...), session[1:]...), saved, nil
}

// markerTx is the write that makes the pending marker list c.Pending: a put
// when there are any, a delete when the marker lists something now, none
// otherwise (an empty delete costs a write for nothing).
func (c TurnCommit) markerTx() (*TxWrite, error) {
	m := LatestMarker{PhoneNumber: c.Phone, PendingMessageIDs: c.Pending}
	switch {
	case len(c.Pending) > 0:
		item, err := EncodeLatestMarker(m)
		if err != nil {
			return nil, err
		}
		w := PutTx(item, nil)
		return &w, nil
	case c.MarkerWritten:
		w := DeleteTx(m.Key(), nil)
		return &w, nil
	}
	return nil, nil
}

// completeReceiptTx marks a message answered: completed_at set once, the
// receipt out of the inbound work index, and its expiry counted from now so
// it outlives every redelivery of the message. A message without a receipt
// (a /chat turn) gets one, which makes its ID a duplicate from then on too.
func completeReceiptTx(messageID string, now time.Time) TxWrite {
	upd := Update{
		Set: map[string]any{
			string(StepCompleted): FormatTime(now),
			AttrTTL:               now.Add(ReceiptTTL).Unix(),
		},
		Remove: []string{AttrGSI1PK, AttrGSI1SK},
	}
	return UpdateTx(Key{PK: ReceiptPK(messageID), SK: ReceiptSK}, upd, NotExists(string(StepCompleted)).Ptr())
}

// answeredReceiptTx is completeReceiptTx for a message a turn answered: it
// also stamps when the message was dispatched to and taken by its
// conversation (and claimed by the synchronous path that brought it), in the
// same write instead of one write per step.
func answeredReceiptTx(m Consumed, now time.Time) TxWrite {
	w := completeReceiptTx(m.MessageID, now)
	routed := m.RoutedAt
	if routed.IsZero() {
		routed = now
	}
	w.Update.Set[string(StepDispatched)] = FormatTime(routed)
	w.Update.Set[string(StepAgentRouted)] = FormatTime(routed)
	if m.Sync {
		w.Update.Set[string(StepSyncClaimed)] = FormatTime(routed)
	}
	return w
}

// IsConsumed reports whether err is a turn's ConsumedError.
func IsConsumed(err error) (string, bool) {
	var c *ConsumedError
	if errors.As(err, &c) {
		return c.MessageID, true
	}
	return "", false
}
