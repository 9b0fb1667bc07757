package persistence

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// Pending returns the platform message IDs of the phone that are received and
// not yet finished, oldest first; none when the phone has no marker.
func (r *Receipts) Pending(ctx context.Context, phone string) ([]string, error) {
	m, _, err := r.marker(ctx, phone)
	if err != nil {
		return nil, err
	}
	return m.PendingMessageIDs, nil
}

// AddPending appends a message ID to the phone's pending list; adding an ID
// already listed changes nothing.
func (r *Receipts) AddPending(ctx context.Context, phone, messageID string) error {
	return r.editPending(ctx, phone, func(ids []string) ([]string, bool) {
		if slices.Contains(ids, messageID) {
			return ids, false
		}
		return append(ids, messageID), true
	})
}

// RemovePending removes a message ID from the phone's pending list; removing
// an ID not listed changes nothing.
func (r *Receipts) RemovePending(ctx context.Context, phone, messageID string) error {
	return r.editPending(ctx, phone, func(ids []string) ([]string, bool) {
		if !slices.Contains(ids, messageID) {
			return ids, false
		}
		return slices.DeleteFunc(ids, func(id string) bool { return id == messageID }), true
	})
}

// editPending rewrites the marker with edit's list, conditional on the
// version read and retried on conflict: the table port has no atomic list or
// set append, and the webhook and the consumer may edit one phone's list at
// once. edit reports whether it changed the list; an unchanged list is not
// written.
func (r *Receipts) editPending(ctx context.Context, phone string, edit func([]string) ([]string, bool)) error {
	for range casAttempts {
		m, exists, err := r.marker(ctx, phone)
		if err != nil {
			return err
		}
		ids, changed := edit(slices.Clone(m.PendingMessageIDs))
		if !changed {
			return nil
		}
		cond := NotExists(AttrPK)
		if exists {
			cond = versionIs(m.Version)
		}
		m.PendingMessageIDs, m.Version = ids, m.Version+1
		item, err := EncodeLatestMarker(m)
		if err != nil {
			return err
		}
		err = r.table.Put(ctx, item, cond.Ptr())
		if errors.Is(err, ErrConflict) {
			continue
		}
		if err != nil {
			return fmt.Errorf("persistence: write pending marker: %w", err)
		}
		return nil
	}
	return fmt.Errorf("persistence: pending marker still contended after %d attempts: %w", casAttempts, ErrConflict)
}

// marker reads the phone's marker; an absent one reads as empty.
func (r *Receipts) marker(ctx context.Context, phone string) (LatestMarker, bool, error) {
	empty := LatestMarker{PhoneNumber: phone, PendingMessageIDs: []string{}}
	item, err := r.table.Get(ctx, empty.Key())
	if errors.Is(err, ErrNotFound) {
		return empty, false, nil
	}
	if err != nil {
		return LatestMarker{}, false, fmt.Errorf("persistence: read pending marker: %w", err)
	}
	m, err := DecodeLatestMarker(item)
	if err != nil {
		return LatestMarker{}, false, err
	}
	m.PhoneNumber = phone
	return m, true, nil
}
