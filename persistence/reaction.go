package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// byProvider finds the key of the logged message with a platform message ID
// through the provider index (see UpdateDeliveryStatus); ErrNotFound when no
// logged message has it.
func (r *Messages) byProvider(ctx context.Context, providerMessageID string) (Key, error) {
	page, err := r.table.QueryIndex(ctx, IndexQuery{GSI1PK: ProviderIndexPK(providerMessageID), Limit: 1, KeysOnly: true})
	if err != nil {
		return Key{}, fmt.Errorf("persistence: find message by provider ID: %w", err)
	}
	if len(page.Items) == 0 {
		return Key{}, fmt.Errorf("persistence: message with provider ID %s: %w", providerMessageID, ErrNotFound)
	}
	return KeyOf(page.Items[0]), nil
}

// SetReaction records a customer's reaction on the logged message with that
// platform ID: the emoji, or "" when they took it back. Reactions arrive out
// of order like statuses, so an older one never replaces a newer one; a
// repeated delivery changes nothing. It is ErrNotFound when no logged message
// has the ID.
func (r *Messages) SetReaction(ctx context.Context, providerMessageID, emoji string, at time.Time) error {
	key, err := r.byProvider(ctx, providerMessageID)
	if err != nil {
		return err
	}
	upd := Update{Set: map[string]any{"reaction_at": FormatTime(at)}}
	if emoji != "" {
		upd.Set["reaction"] = emoji
	} else {
		upd.Remove = []string{"reaction"}
	}
	cond := And(Exists(AttrPK), Or(NotExists("reaction_at"), Less("reaction_at", FormatTime(at))))
	_, err = r.table.Update(ctx, key, upd, cond.Ptr())
	if err != nil && !errors.Is(err, ErrConflict) {
		return fmt.Errorf("persistence: reaction on %s: %w", providerMessageID, err)
	}
	return nil
}
