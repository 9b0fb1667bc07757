package messaging

import (
	"context"
	"errors"
	"io"
)

// MediaSource fetches the file of a customer's media message from the
// platform, by the media ID the webhook kept (domain.Media.ID). The operator
// console and the dashboard serve it to people through their own routes;
// voice-note transcription reads it. A platform's media client
// (cloudapi.MediaClient) and Stub implement it; both are safe for concurrent
// use.
//
// Fetch fails with ErrMediaNotFound (no such media, or it expired: the
// platform keeps a customer's file about 30 days), ErrMediaTooLarge (over
// the configured limit, refused before it is read) or ErrMediaUnavailable
// (the platform failed, or there is none to ask), each wrapped with the
// detail, or with the context's error. The platform's URLs and the access
// token never appear in any of them.
type MediaSource interface {
	Fetch(ctx context.Context, mediaID string) (Media, error)
}

// Media is a fetched file. The caller reads Body and must Close it; reading
// past the configured limit fails with ErrMediaTooLarge, so a platform that
// announced a smaller size than it sends cannot exceed it either.
type Media struct {
	// MimeType is the platform's type of the file.
	MimeType string
	// Size is the file's length in bytes as the platform announced it, 0
	// when it did not.
	Size int64
	// SHA256 is the file's digest as the platform gave it, "" when it did
	// not.
	SHA256 string
	// Body is the file's bytes.
	Body io.ReadCloser
}

// Errors of a media fetch.
var (
	// ErrMediaNotFound reports a media ID the platform does not know (any
	// more).
	ErrMediaNotFound = errors.New("messaging: media not found")
	// ErrMediaTooLarge reports a file over the configured limit
	// (MEDIA_MAX_BYTES).
	ErrMediaTooLarge = errors.New("messaging: media too large")
	// ErrMediaUnavailable reports a fetch that failed at the platform or on
	// the way, or a source that cannot fetch media at all (the local stub).
	ErrMediaUnavailable = errors.New("messaging: media unavailable")
)
