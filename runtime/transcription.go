package runtime

import (
	"context"
	"io"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent/transcribe/openai"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/runtime/config"
)

// voiceNotes adapts the platform's media download (messaging.MediaSource,
// which bounds a file by MEDIA_MAX_BYTES) to what a conversation fetches
// voice notes with: the whole file and its type.
func voiceNotes(src messaging.MediaSource) session.VoiceNotes {
	return fetchVoiceNote(func(ctx context.Context, mediaID string) ([]byte, string, error) {
		m, err := src.Fetch(ctx, mediaID)
		if err != nil {
			return nil, "", err
		}
		defer m.Body.Close()
		audio, err := io.ReadAll(m.Body)
		return audio, m.MimeType, err
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
// the emulator without one reads voice notes as "[audio]" and logs why once,
// and with messaging stubbed the stub's media source has no file to give, so
// each note reads "[audio]" too.
func newHearing(cfg config.Config, src messaging.MediaSource, m *Metrics, logger *zap.Logger) (session.Hearing, error) {
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
		HTTPClient: m.measuredHTTP(cfg, SystemModel),
	})
	if err != nil {
		return session.Hearing{}, err
	}
	logger.Info("voice notes are transcribed", zap.String("model", t.Model), zap.Duration("timeout", t.Timeout))
	return session.Hearing{Notes: voiceNotes(src), Transcriber: client, Timeout: t.Timeout}, nil
}
