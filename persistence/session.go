package persistence

import (
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// EncodeSession returns the stored item of s, keys included.
func EncodeSession(s domain.Session) (Item, error) {
	s.Normalize()
	if len(s.Labels) == 0 {
		s.Labels = nil // omitempty keeps an empty list: a session without labels has no attribute
	}
	item, err := encodeRecord(newSessionRecord(s))
	if err != nil {
		return nil, fmt.Errorf("persistence: encode session %s: %w", s.SessionID, err)
	}
	if s.Milestones.IsZero() {
		delete(item, "milestones") // omitempty keeps an empty map: a session without milestones has no attribute
	}
	pk, sk := sessionIndexKeys(s)
	withIndex(item, pk, sk)
	return withKeys(item, Key{PK: SessionPK(s.PhoneNumber), SK: SessionSK(s.SessionID)}), nil
}

// DecodeSession reads a stored session item of any release, with defaults for
// the fields it lacks.
func DecodeSession(item Item) (domain.Session, error) {
	var r sessionRecord
	if err := decodeRecord(item, &r); err != nil {
		return domain.Session{}, fmt.Errorf("persistence: decode session: %w", err)
	}
	s := r.session()
	s.Normalize()
	return s, nil
}
