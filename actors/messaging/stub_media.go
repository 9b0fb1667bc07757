package messaging

import (
	"context"
	"fmt"
)

var _ MediaSource = (*Stub)(nil)

// Fetch answers ErrMediaUnavailable: with MESSAGING_CLOUD_ENABLED=false there
// is no platform to fetch a customer's file from, and the emulator sends
// media IDs that name nothing. The error says so, for the page that shows it.
func (s *Stub) Fetch(ctx context.Context, mediaID string) (Media, error) {
	if err := ctx.Err(); err != nil {
		return Media{}, err
	}
	return Media{}, fmt.Errorf("%w: the local messaging stub (MESSAGING_CLOUD_ENABLED=false) keeps no media, so %.64q cannot be fetched",
		ErrMediaUnavailable, mediaID)
}
