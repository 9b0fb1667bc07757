package persistence

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// History returns all sessions of the phone, newest first (by created_at,
// then session ID).
func (r *Sessions) History(ctx context.Context, phone string) ([]domain.Session, error) {
	items, err := queryAll(ctx, r.table, Query{PK: SessionPK(phone), SKPrefix: sessionSKPrefix}, 0)
	if err != nil {
		return nil, fmt.Errorf("persistence: session history: %w", err)
	}
	sessions := make([]domain.Session, 0, len(items))
	for _, item := range items {
		s, err := DecodeSession(item)
		if err != nil {
			return nil, err
		}
		sessions = append(sessions, s)
	}
	slices.SortFunc(sessions, func(a, b domain.Session) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.SessionID, a.SessionID)
	})
	return sessions, nil
}

// LastClosed returns the phone's most recent closed session, the source of a
// new session's previous_session_id and recognized_name. It is ErrNotFound
// when the phone has none.
func (r *Sessions) LastClosed(ctx context.Context, phone string) (domain.Session, error) {
	sessions, err := r.History(ctx, phone)
	if err != nil {
		return domain.Session{}, err
	}
	for _, s := range sessions {
		if s.State == domain.StateClosed || s.ClosedAt != nil {
			return s, nil
		}
	}
	return domain.Session{}, fmt.Errorf("persistence: last closed session: %w", ErrNotFound)
}
