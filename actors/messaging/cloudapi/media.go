package cloudapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/outbound"
	"github.com/intake-runtime/intake/internal/redact"
)

// Defaults of MediaConfig.
const (
	// DefaultMediaMaxBytes is the platform's own limit on audio and video
	// (16 MiB); images are at most 5 MiB, documents up to 100 MiB and are
	// refused above this unless MEDIA_MAX_BYTES is raised.
	DefaultMediaMaxBytes = 16 << 20
	// DefaultMediaTimeout bounds one fetch, both calls and the reading of
	// the file: 16 MiB at 4 Mbit/s takes about 34 s.
	DefaultMediaTimeout = 60 * time.Second
)

// maxMetadataBytes bounds the JSON answer of the media endpoint, a few
// hundred bytes in practice.
const maxMetadataBytes = 64 << 10

// MediaConfig configures the media client. Environment variables are read in
// runtime; this package only receives values.
type MediaConfig struct {
	// BaseURL is the API's base (MESSAGING_API_BASE_URL), default
	// DefaultBaseURL.
	BaseURL string
	// Version is the {version} path segment (MESSAGING_API_VERSION),
	// default DefaultVersion.
	Version string
	// AccessToken is the bearer token of both calls (MESSAGING_ACCESS_TOKEN).
	// Required. It goes to the platform only, never into an error or a log.
	AccessToken string
	// MaxBytes is the largest file fetched (MEDIA_MAX_BYTES), default
	// DefaultMediaMaxBytes.
	MaxBytes int64
	// Timeout bounds one fetch from the first call to the file's last byte
	// (or its Close), default DefaultMediaTimeout.
	Timeout time.Duration
	// HTTPClient carries the calls; nil is a client on the process's shared
	// outbound transport.
	HTTPClient *http.Client
}

func (c *MediaConfig) setDefaults() {
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	if c.Version == "" {
		c.Version = DefaultVersion
	}
	if c.MaxBytes == 0 {
		c.MaxBytes = DefaultMediaMaxBytes
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultMediaTimeout
	}
	if c.HTTPClient == nil {
		c.HTTPClient = outbound.Client(outbound.Config{})
	}
}

// Validate reports a configuration that cannot fetch, once defaults are
// applied. Its messages never include the access token.
func (c MediaConfig) Validate() error {
	c.setDefaults()
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("messaging: media base URL must be an http(s) URL")
	}
	if err := pathSegment("version", c.Version); err != nil {
		return err
	}
	switch {
	case c.AccessToken == "":
		return errors.New("messaging: media client needs the access token")
	case c.MaxBytes < 0, c.Timeout < 0:
		return errors.New("messaging: media max bytes and timeout must not be negative")
	}
	return nil
}

// MediaClient fetches customers' files from the Cloud API: it asks the media
// endpoint (GET /{version}/{media-id}) for a short-lived URL, then downloads
// that URL, both with the bearer token. It is safe for concurrent use.
type MediaClient struct {
	cfg    MediaConfig
	base   string
	redact redact.Redactor
	log    *zap.Logger
}

var _ messaging.MediaSource = (*MediaClient)(nil)

// NewMediaClient checks cfg (after defaults) and returns a MediaClient. A nil
// logger logs nothing.
func NewMediaClient(cfg MediaConfig, logger *zap.Logger) (*MediaClient, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &MediaClient{
		cfg:    cfg,
		base:   strings.TrimRight(cfg.BaseURL, "/") + "/" + cfg.Version + "/",
		redact: redact.New(cfg.AccessToken),
		log:    logger.Named("messaging.media"),
	}, nil
}

// mediaMetadata is the media endpoint's answer. file_size is a number in the
// platform's examples and a string in some of its answers: both are read.
type mediaMetadata struct {
	URL      string      `json:"url"`
	MimeType string      `json:"mime_type"`
	SHA256   string      `json:"sha256"`
	FileSize json.Number `json:"file_size"`
}

// Fetch implements messaging.MediaSource. A file announced (by the media
// endpoint or the download's Content-Length) over MaxBytes is refused before
// its first byte is read; one that turns out longer fails while reading.
// Closing the body ends the fetch's deadline.
func (c *MediaClient) Fetch(ctx context.Context, mediaID string) (messaging.Media, error) {
	if err := pathSegment("media ID", mediaID); err != nil {
		return messaging.Media{}, fmt.Errorf("%w: %v", messaging.ErrMediaNotFound, err)
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	m, err := c.fetch(ctx, mediaID)
	if err != nil {
		cancel()
		c.log.Warn("media not fetched", zap.String("media_id", mediaID), zap.String("error", c.redact.String(err.Error())))
		return messaging.Media{}, err
	}
	m.Body = &boundedBody{body: m.Body, left: c.cfg.MaxBytes, cancel: cancel}
	return m, nil
}

func (c *MediaClient) fetch(ctx context.Context, mediaID string) (messaging.Media, error) {
	meta, err := c.metadata(ctx, mediaID)
	if err != nil {
		return messaging.Media{}, err
	}
	size, _ := meta.FileSize.Int64()
	if size > c.cfg.MaxBytes {
		return messaging.Media{}, fmt.Errorf("%w: %d bytes, the limit is %d", messaging.ErrMediaTooLarge, size, c.cfg.MaxBytes)
	}
	if u, err := url.Parse(meta.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return messaging.Media{}, fmt.Errorf("%w: the media endpoint gave no download URL", messaging.ErrMediaUnavailable)
	}
	resp, err := c.get(ctx, meta.URL, "download")
	if err != nil {
		return messaging.Media{}, err
	}
	if resp.ContentLength > c.cfg.MaxBytes {
		resp.Body.Close()
		return messaging.Media{}, fmt.Errorf("%w: %d bytes, the limit is %d", messaging.ErrMediaTooLarge, resp.ContentLength, c.cfg.MaxBytes)
	}
	if size == 0 && resp.ContentLength > 0 {
		size = resp.ContentLength
	}
	mime := meta.MimeType
	if mime == "" {
		mime = resp.Header.Get("Content-Type")
	}
	return messaging.Media{MimeType: mime, Size: size, SHA256: meta.SHA256, Body: resp.Body}, nil
}

// metadata asks the media endpoint where the file is.
func (c *MediaClient) metadata(ctx context.Context, mediaID string) (mediaMetadata, error) {
	resp, err := c.get(ctx, c.base+url.PathEscape(mediaID), "media endpoint")
	if err != nil {
		return mediaMetadata{}, err
	}
	defer resp.Body.Close()
	var meta mediaMetadata
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxMetadataBytes)).Decode(&meta); err != nil {
		return mediaMetadata{}, fmt.Errorf("%w: the media endpoint's answer is not its JSON", messaging.ErrMediaUnavailable)
	}
	return meta, nil
}

// get makes one authenticated GET and returns a 2xx answer, its body open.
// Its errors name the step, never the URL (the download URL is a signed
// link) nor the token.
func (c *MediaClient) get(ctx context.Context, target, step string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: bad request", messaging.ErrMediaUnavailable, step)
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.AccessToken)
	resp, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, fmt.Errorf("%w: %s: %w", messaging.ErrMediaUnavailable, step, ctxErr)
		}
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err // the URL stays out of the message
		}
		return nil, fmt.Errorf("%w: %s: %s", messaging.ErrMediaUnavailable, step, c.redact.String(err.Error()))
	}
	if resp.StatusCode/100 == 2 {
		return resp, nil
	}
	resp.Body.Close()
	if notFound(resp.StatusCode) {
		return nil, fmt.Errorf("%w: %s answered HTTP %d", messaging.ErrMediaNotFound, step, resp.StatusCode)
	}
	return nil, fmt.Errorf("%w: %s answered HTTP %d", messaging.ErrMediaUnavailable, step, resp.StatusCode)
}

// notFound reports the answers that mean the file is not there: 404, and
// the 400 the platform gives a media ID it does not know (or no longer
// keeps) or a download link past its five minutes.
func notFound(status int) bool {
	return status == http.StatusNotFound || status == http.StatusBadRequest || status == http.StatusGone
}

// boundedBody is a downloaded file's bytes, failing with ErrMediaTooLarge
// past the limit, and ending the fetch's deadline on Close.
type boundedBody struct {
	body   io.ReadCloser
	left   int64
	cancel context.CancelFunc
}

func (b *boundedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, messaging.ErrMediaTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.body.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n, fmt.Errorf("%w: more than the limit arrived", messaging.ErrMediaTooLarge)
	}
	return n, err
}

func (b *boundedBody) Close() error {
	defer b.cancel()
	return b.body.Close()
}
