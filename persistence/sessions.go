package persistence

import (
	"context"
	"errors"
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// Sessions stores sessions and the active-session pointer of each phone.
// Methods are safe for concurrent use; writes are single-item conditional
// writes, so a stale writer gets ErrConflict instead of overwriting.
type Sessions struct {
	table Table
}

// NewSessions returns the session repository over table.
func NewSessions(table Table) *Sessions { return &Sessions{table: table} }

// attrActiveID is the attribute of the active pointer that holds the session
// ID, or ResetPointer.
const attrActiveID = "session_id"

// ErrNoSessions is the ErrNotFound of Active for a phone without an active
// pointer: Create writes one with every session and nothing but clearing the
// phone's data deletes it, so the phone has no session at all and its first
// one follows none, which a caller knows without reading the phone's
// sessions. (Under DATA_RETENTION the pointer, written when the last session
// started, may expire before that session, which expires with its last
// write: a customer returning in between is taken as new, shortly before
// the retention period forgets them anyway.)
var ErrNoSessions = fmt.Errorf("persistence: the phone has no sessions: %w", ErrNotFound)

// Active returns the phone's active session. It is ErrNotFound when the phone
// has none: ErrNoSessions without a pointer, plain ErrNotFound for a reset
// pointer or a pointer to a missing session.
func (r *Sessions) Active(ctx context.Context, phone string) (domain.Session, error) {
	item, err := r.table.Get(ctx, Key{PK: SessionPK(phone), SK: ActiveSK})
	if errors.Is(err, ErrNotFound) {
		return domain.Session{}, ErrNoSessions
	}
	if err != nil {
		return domain.Session{}, fmt.Errorf("persistence: active session pointer: %w", err)
	}
	id := stringAttr(item, attrActiveID)
	if id == "" || id == ResetPointer {
		return domain.Session{}, fmt.Errorf("persistence: active session: %w", ErrNotFound)
	}
	return r.Get(ctx, phone, id)
}

// Get returns one session of the phone.
func (r *Sessions) Get(ctx context.Context, phone, sessionID string) (domain.Session, error) {
	item, err := r.table.Get(ctx, Key{PK: SessionPK(phone), SK: SessionSK(sessionID)})
	if err != nil {
		return domain.Session{}, fmt.Errorf("persistence: session %s: %w", sessionID, err)
	}
	return DecodeSession(item)
}

// Create stores a new session with version 1 and makes it the phone's active
// session, in one transaction: no failure leaves a session that is not
// active. It is ErrConflict when a session with that ID exists.
func (r *Sessions) Create(ctx context.Context, s domain.Session) (domain.Session, error) {
	writes, created, err := createTx(s)
	if err != nil {
		return domain.Session{}, err
	}
	if err := r.table.Transact(ctx, writes); err != nil {
		return domain.Session{}, fmt.Errorf("persistence: create session %s: %w", s.SessionID, err)
	}
	return created, nil
}

// createTx is the writes of Create, for a transaction: the session at
// version 1 (when none is stored under its key), the phone's active pointer,
// then its search lookups; and the session as it will be stored.
func createTx(s domain.Session) ([]TxWrite, domain.Session, error) {
	s.Version = 1
	lookups := searchWrites(&s)
	item, err := EncodeSession(s)
	if err != nil {
		return nil, domain.Session{}, err
	}
	created, err := DecodeSession(item)
	if err != nil {
		return nil, domain.Session{}, err
	}
	writes := []TxWrite{PutTx(item, NotExists(AttrPK).Ptr()), PutTx(activePointer(s.PhoneNumber, s.SessionID), nil)}
	return append(writes, lookups...), created, nil
}

// Save writes s over the stored version it was loaded with and returns it
// with the next version. It is ErrConflict when the stored session has moved
// on (another writer saved, claimed, or it is gone): reload and decide, the
// stored state is never overwritten. Save does not touch UpdatedAt; callers
// set it, because they own the clock.
func (r *Sessions) Save(ctx context.Context, s domain.Session) (domain.Session, error) {
	writes, saved, err := saveTx(s)
	if err != nil {
		return domain.Session{}, err
	}
	if len(writes) > 1 { // the search lookups changed: all in one transaction
		err = r.table.Transact(ctx, writes)
	} else {
		err = r.table.Put(ctx, writes[0].Item, writes[0].Condition)
	}
	if err != nil {
		return domain.Session{}, fmt.Errorf("persistence: save session %s at version %d: %w", s.SessionID, s.Version, err)
	}
	return saved, nil
}

// SaveWith is Save in one transaction with extra writes (a projection
// intent): all of them land, or none.
func (r *Sessions) SaveWith(ctx context.Context, s domain.Session, extra ...TxWrite) (domain.Session, error) {
	writes, saved, err := saveTx(s)
	if err != nil {
		return domain.Session{}, err
	}
	if err := r.table.Transact(ctx, append(writes, extra...)); err != nil {
		return domain.Session{}, fmt.Errorf("persistence: save session %s at version %d: %w", s.SessionID, s.Version, err)
	}
	return saved, nil
}

// saveTx is the writes of Save, for a transaction: the session first, then
// its search lookups when they changed; and the session as it will be
// stored.
func saveTx(s domain.Session) ([]TxWrite, domain.Session, error) {
	loaded := s.Version
	s.Version++
	lookups := searchWrites(&s)
	item, err := EncodeSession(s)
	if err != nil {
		return nil, domain.Session{}, err
	}
	saved, err := DecodeSession(item)
	if err != nil {
		return nil, domain.Session{}, err
	}
	return append([]TxWrite{PutTx(item, versionIs(loaded).Ptr())}, lookups...), saved, nil
}

// Reset replaces the phone's active pointer with ResetPointer: the next
// message starts a new session, and history stays (spec POST /admin/reset).
// Closing the session is the caller's business, before the reset.
func (r *Sessions) Reset(ctx context.Context, phone string) error {
	return r.point(ctx, phone, ResetPointer)
}

// ResetPointerTx is Reset as a write of a transaction: the conversation
// resets the phone in the commit that closes its session.
func ResetPointerTx(phone string) TxWrite {
	return PutTx(activePointer(phone, ResetPointer), nil)
}

func (r *Sessions) point(ctx context.Context, phone, id string) error {
	if err := r.table.Put(ctx, activePointer(phone, id), nil); err != nil {
		return fmt.Errorf("persistence: point active session to %s: %w", id, err)
	}
	return nil
}

// Claim assigns the session to an operator, only when no operator holds it,
// and returns the claimed session. The loser of a race, or anyone claiming an
// assigned session, gets ErrConflict. Claim bumps the version, so an actor
// holding the unassigned state cannot save over the claim.
//
// The check reads assigned_to and writes conditional on the version read,
// rather than on attribute_not_exists(assigned_to): older releases stored an
// unassigned session with assigned_to NULL, which exists.
func (r *Sessions) Claim(ctx context.Context, phone, sessionID, operator string) (domain.Session, error) {
	key := Key{PK: SessionPK(phone), SK: SessionSK(sessionID)}
	for range casAttempts {
		s, err := r.Get(ctx, phone, sessionID)
		if err != nil {
			return domain.Session{}, err
		}
		if s.AssignedTo != "" {
			return domain.Session{}, fmt.Errorf("persistence: claim session %s: already assigned: %w", sessionID, ErrConflict)
		}
		upd := Update{Set: map[string]any{"assigned_to": operator}, Add: map[string]int64{attrVersion: 1}}
		item, err := r.table.Update(ctx, key, upd, versionIs(s.Version).Ptr())
		if errors.Is(err, ErrConflict) {
			continue // another write landed; reread to see whether it was a claim
		}
		if err != nil {
			return domain.Session{}, fmt.Errorf("persistence: claim session %s: %w", sessionID, err)
		}
		return DecodeSession(item)
	}
	return domain.Session{}, fmt.Errorf("persistence: claim session %s: still contended after %d attempts: %w", sessionID, casAttempts, ErrConflict)
}

// activePointer is the item pointing the phone to its active session id.
func activePointer(phone, id string) Item {
	return withKeys(Item{attrActiveID: str(id)}, Key{PK: SessionPK(phone), SK: ActiveSK})
}
