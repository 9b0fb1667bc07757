package openai

import (
	"bytes"
	"context"
	"fmt"
	"mime"
	"strings"
	"time"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/intake-runtime/intake/actors/agent/transcribe"
	"github.com/intake-runtime/intake/internal/outbound"
	"github.com/intake-runtime/intake/internal/redact"
)

// audioAPI is the one go-openai call Client makes.
type audioAPI interface {
	CreateTranscription(ctx context.Context, req goopenai.AudioRequest) (goopenai.AudioResponse, error)
}

// Client is the transcribe.Transcriber of an OpenAI-compatible server. It is
// safe for concurrent use.
type Client struct {
	cfg    Config
	api    audioAPI
	redact redact.Redactor
}

var _ transcribe.Transcriber = (*Client)(nil)

// New validates cfg and returns a Client calling cfg.BaseURL (OpenAI's API
// when empty) with cfg.APIKey through cfg.HTTPClient.
func New(cfg Config) (*Client, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = outbound.Client(outbound.Config{})
	}
	clientCfg := goopenai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL != "" {
		clientCfg.BaseURL = cfg.BaseURL
	}
	clientCfg.HTTPClient = usageReader{doer: cfg.HTTPClient}
	return &Client{cfg: cfg, api: goopenai.NewClientWithConfig(clientCfg), redact: redact.New(cfg.APIKey)}, nil
}

// Transcribe sends audio to the transcription endpoint once. On failure the
// transcript still names the model, for the caller's metrics. The error's
// text is redacted; errors.Is and errors.As still see the provider's error.
func (c *Client) Transcribe(ctx context.Context, audio transcribe.Audio) (transcribe.Transcript, error) {
	if len(audio.Bytes) == 0 {
		return transcribe.Transcript{}, fmt.Errorf("transcribe/openai: the voice note is empty")
	}
	var used usage
	ctx = context.WithValue(ctx, usageKey{}, &used)
	start := time.Now()
	resp, err := c.api.CreateTranscription(ctx, goopenai.AudioRequest{
		Model:    c.cfg.Model,
		FilePath: fileName(audio.MimeType),
		Reader:   typedReader{Reader: bytes.NewReader(audio.Bytes), mimeType: audio.MimeType},
		Format:   goopenai.AudioResponseFormatJSON,
	})
	if err != nil {
		return transcribe.Transcript{Model: c.cfg.Model}, c.redact.Error(fmt.Errorf("transcribe/openai: %w", err))
	}
	t := transcribe.Transcript{
		Text:         strings.TrimSpace(resp.Text),
		Model:        c.cfg.Model,
		TokensInput:  used.InputTokens,
		TokensOutput: used.OutputTokens,
		Latency:      time.Since(start),
	}
	if t.Text == "" {
		return t, transcribe.ErrNothingHeard
	}
	return t, nil
}

// typedReader gives go-openai the file part's Content-Type: the platform's
// MIME type, which names the codec (audio/ogg; codecs=opus) better than a
// guess from the file name would.
type typedReader struct {
	*bytes.Reader
	mimeType string
}

func (r typedReader) ContentType() string { return r.mimeType }

// fileName is the name the file part is sent under: the provider tells
// formats apart by extension (flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav,
// webm). WhatsApp voice notes are audio/ogg with the Opus codec.
func fileName(mimeType string) string {
	media, _, _ := mime.ParseMediaType(mimeType)
	ext, ok := extensions[media]
	if !ok {
		ext = "ogg" // the voice-note format, when the type is absent or unknown
	}
	return "voice." + ext
}

var extensions = map[string]string{
	"audio/ogg":    "ogg",
	"audio/opus":   "ogg",
	"audio/mpeg":   "mp3",
	"audio/mp3":    "mp3",
	"audio/mp4":    "m4a",
	"audio/m4a":    "m4a",
	"audio/x-m4a":  "m4a",
	"audio/aac":    "aac",
	"audio/amr":    "amr",
	"audio/wav":    "wav",
	"audio/x-wav":  "wav",
	"audio/webm":   "webm",
	"audio/flac":   "flac",
	"audio/x-flac": "flac",
}
