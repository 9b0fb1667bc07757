package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// TurnCommit is everything one conversation turn changes. Turns commits it
// in one transaction, so a crash leaves the turn either wholly done or not
// done at all: before the commit it runs again, after it never.
type TurnCommit struct {
	Phone string
	// Messages are the turn's log items: the customer's messages, the model's
	// answers, the reply (an outbox entry: OutboxStatus pending) and the
	// summary call.
	Messages []Message
	// Session is the snapshot, written over the version it was loaded with.
	Session Session
	// Remaining are the buffered turns the turn did not consume (they arrived
	// while it ran, or did not fit): the debounce buffer and the pending
	// marker keep exactly these.
	Remaining []InboundTurn
	// Consumed are the messages the turn answers. Their receipts are marked
	// completed, conditional on no earlier turn having consumed them: that
	// condition, kept by the table, is what makes one message one turn.
	Consumed []Consumed
	// Demand is the out-of-portfolio demand the turn recorded, if any.
	Demand *OutOfPortfolioDemand
	// Extra are further writes of the turn built by their own repositories
	// (the CRM projection intent).
	Extra []TxWrite
	Now   time.Time
}

// fixedTurnWrites counts the writes of a commit besides its messages,
// receipts and extras: the session, the buffer, the pending marker and the
// demand.
const fixedTurnWrites = 4

// MaxTurnMessages is how many customer messages one turn may consume so that
// its commit fits one transaction: each costs its log item and its receipt,
// and room is kept for the model's answers (retries and knowledge requests
// included), the reply, the summary, superseded answers carried over and the
// extras. A longer burst is answered in consecutive turns.
const MaxTurnMessages = (MaxTxWrites - fixedTurnWrites - 12) / 2

// Consumed is a message a turn answers, with when its conversation took it.
type Consumed struct {
	MessageID string
	// RoutedAt is when the conversation accepted the message; zero when it
	// is not known (the message was reloaded after a restart), and the
	// commit's time is recorded instead.
	RoutedAt time.Time
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
func (r *Turns) Commit(ctx context.Context, c TurnCommit) (Session, error) {
	writes, saved, err := c.writes()
	if err != nil {
		return Session{}, err
	}
	err = r.table.Transact(ctx, writes)
	if i, ok := CancelledAt(err); ok && i >= c.receiptsAt() && i < c.receiptsAt()+len(c.Consumed) {
		return Session{}, &ConsumedError{MessageID: c.Consumed[i-c.receiptsAt()].MessageID}
	}
	if err != nil {
		return Session{}, fmt.Errorf("persistence: commit turn of session %s: %w", c.Session.SessionID, err)
	}
	return saved, nil
}

// receiptsAt is the position of the first receipt write in c's transaction.
func (c TurnCommit) receiptsAt() int { return 1 + len(c.Messages) }

// writes lays the transaction out: session, messages, receipts, buffer,
// marker, demand, extras.
func (c TurnCommit) writes() ([]TxWrite, Session, error) {
	if n := len(c.Messages) + len(c.Consumed) + len(c.Extra) + fixedTurnWrites; n > MaxTxWrites {
		return nil, Session{}, fmt.Errorf("persistence: a turn of %d writes does not fit one transaction", n)
	}
	writes := make([]TxWrite, 0, len(c.Messages)+len(c.Consumed)+len(c.Extra)+fixedTurnWrites)
	session, saved, err := saveTx(c.Session)
	if err != nil {
		return nil, Session{}, err
	}
	writes = append(writes, session)
	for _, m := range c.Messages {
		item, err := EncodeMessage(m)
		if err != nil {
			return nil, Session{}, err
		}
		// Log items are immutable: one already under the key is this one.
		writes = append(writes, PutTx(item, nil))
	}
	for _, m := range c.Consumed {
		writes = append(writes, answeredReceiptTx(m, c.Now))
	}
	buffer, marker, err := pendingTxs(c.Phone, c.Remaining)
	if err != nil {
		return nil, Session{}, err
	}
	writes = append(writes, buffer, marker)
	if c.Demand != nil {
		item, err := EncodeDemand(*c.Demand)
		if err != nil {
			return nil, Session{}, err
		}
		writes = append(writes, PutTx(item, nil))
	}
	return append(writes, c.Extra...), saved, nil
}

// SavePending replaces the phone's buffered turns and its pending marker,
// as a conversation accepts a message: both always list the same messages,
// the ones received and not yet answered. They go in one BatchWriteItem
// request, not a transaction: a transaction bills each item twice, and the
// two need no atomicity here (a write that fails half way is rewritten whole
// by the next one; recovery reads the buffer and the receipts, never the
// marker). Turns.Commit, which must be atomic, writes both transactionally.
func (r *Turns) SavePending(ctx context.Context, phone string, turns []InboundTurn) error {
	buffer, marker, err := pendingTxs(phone, turns)
	if err != nil {
		return err
	}
	var puts []Item
	var deletes []Key
	for _, w := range []TxWrite{buffer, marker} {
		if w.Kind == TxPut {
			puts = append(puts, w.Item)
		} else {
			deletes = append(deletes, w.Key)
		}
	}
	if err := r.table.BatchWrite(ctx, puts, deletes); err != nil {
		return fmt.Errorf("persistence: save the pending turns of %s: %w", phone, err)
	}
	return nil
}

// pendingTxs are the writes that make the debounce buffer and the pending
// marker hold turns; deletes when there are none, so no empty item lingers.
func pendingTxs(phone string, turns []InboundTurn) (buffer, marker TxWrite, err error) {
	b := DebounceBuffer{PhoneNumber: phone, Turns: turns}
	m := LatestMarker{PhoneNumber: phone}
	if len(turns) == 0 {
		return DeleteTx(b.Key(), nil), DeleteTx(m.Key(), nil), nil
	}
	for _, t := range turns {
		m.PendingMessageIDs = append(m.PendingMessageIDs, t.MessageID)
	}
	bItem, err := EncodeBuffer(b)
	if err != nil {
		return TxWrite{}, TxWrite{}, err
	}
	mItem, err := EncodeLatestMarker(m)
	if err != nil {
		return TxWrite{}, TxWrite{}, err
	}
	return PutTx(bItem, nil), PutTx(mItem, nil), nil
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
// conversation, in the same write instead of one write per step.
func answeredReceiptTx(m Consumed, now time.Time) TxWrite {
	w := completeReceiptTx(m.MessageID, now)
	routed := m.RoutedAt
	if routed.IsZero() {
		routed = now
	}
	w.Update.Set[string(StepDispatched)] = FormatTime(routed)
	w.Update.Set[string(StepAgentRouted)] = FormatTime(routed)
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
