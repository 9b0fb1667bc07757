package runtime

import (
	"context"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent/transcribe/openai"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/runtime/config"
)

// mediaSource is the platform's media download as the hearing of voice notes
// uses it: the messaging port (actors/messaging's MediaSource, Fetch by media
// ID) reduced to the one call and the two fields it needs. Until that port is
// merged it is declared here; the merge replaces it with the port.
type mediaSource interface {
	Fetch(ctx context.Context, mediaID string) (media, error)
}

// media is one downloaded file: its bytes, bounded by the download, and
// the MIME type the platform served it with.
type media struct {
	MimeType string
	Bytes    []byte
}

// voiceNotes adapts the platform's media download to what a conversation
// fetches voice notes with.
func voiceNotes(src mediaSource) session.VoiceNotes {
	return fetchVoiceNote(func(ctx context.Context, mediaID string) ([]byte, string, error) {
		m, err := src.Fetch(ctx, mediaID)
		return m.Bytes, m.MimeType, err
	})
}

// fetchVoiceNote is a function as a session.VoiceNotes.
type fetchVoiceNote func(ctx context.Context, mediaID string) ([]byte, string, error)

func (f fetchVoiceNote) Fetch(ctx context.Context, mediaID string) ([]byte, string, error) {
	return f(ctx, mediaID)
}

// newHearing is how conversations hear voice notes under cfg: not at all
// unless TRANSCRIPTION_ENABLED, else through the model provider's
// transcription endpoint (LLM_BASE_URL, LLM_API_KEY) with the platform's
// media download. `intake serve` never lacks the key (config.ServeNeeds);
// the emulator without one, or a process without a media download, reads
// voice notes as "[audio]" and logs why once.
func newHearing(cfg config.Config, src mediaSource, logger *zap.Logger) (session.Hearing, error) {
	t := cfg.Transcription
	switch {
	case !t.Enabled:
		return session.Hearing{}, nil
	case cfg.LLM.APIKey.Reveal() == "":
		logger.Warn("TRANSCRIPTION_ENABLED without LLM_API_KEY: voice notes reach the model as [audio]")
		return session.Hearing{}, nil
	case src == nil:
		logger.Warn("TRANSCRIPTION_ENABLED without a media download from the platform: voice notes reach the model as [audio]")
		return session.Hearing{}, nil
	}
	client, err := openai.New(openai.Config{
		APIKey:     cfg.LLM.APIKey.Reveal(),
		BaseURL:    cfg.LLM.BaseURL,
		Model:      t.Model,
		HTTPClient: outboundHTTP(cfg),
	})
	if err != nil {
		return session.Hearing{}, err
	}
	logger.Info("voice notes are transcribed", zap.String("model", t.Model), zap.Duration("timeout", t.Timeout))
	return session.Hearing{Notes: voiceNotes(src), Transcriber: client, Timeout: t.Timeout}, nil
}
