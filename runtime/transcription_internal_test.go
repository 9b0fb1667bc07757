package runtime

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/actors/agent/transcribe"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/runtime/config"
)

// oneVoiceNote is a media download serving one OGG/Opus file.
type oneVoiceNote struct{}

func (oneVoiceNote) Fetch(_ context.Context, mediaID string) (messaging.Media, error) {
	return messaging.Media{MimeType: "audio/ogg; codecs=opus", Body: io.NopCloser(strings.NewReader("OggS-" + mediaID))}, nil
}

func transcriptionConfig(t *testing.T, vars map[string]string) config.Config {
	t.Helper()
	cfg, err := config.Load(func(name string) (string, bool) { v, ok := vars[name]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestHearingIsBuiltFromTheTranscriptionSettings(t *testing.T) {
	endpoint := llmtest.NewTranscription(t, llmtest.TranscriptionAnswer{Text: "quero um orçamento"})
	cfg := transcriptionConfig(t, map[string]string{
		"TRANSCRIPTION_ENABLED": "true", "TRANSCRIPTION_TIMEOUT": "7s",
		"LLM_API_KEY": "sk-test", "LLM_BASE_URL": endpoint.URL + "/v1", "TRANSCRIPTION_MODEL": "whisper-1",
	})
	h, err := newHearing(cfg, oneVoiceNote{}, nil, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	if h.Timeout != 7*time.Second || h.Notes == nil || h.Transcriber == nil {
		t.Fatalf("hearing = %+v", h)
	}
	audio, mimeType, err := h.Notes.Fetch(t.Context(), "m1")
	if err != nil || string(audio) != "OggS-m1" || mimeType != "audio/ogg; codecs=opus" {
		t.Fatalf("fetch = %q %q %v, want the media download's file", audio, mimeType, err)
	}
	got, err := h.Transcriber.Transcribe(t.Context(), transcribe.Audio{Bytes: audio, MimeType: mimeType})
	if err != nil || got.Text != "quero um orçamento" || got.Model != "whisper-1" {
		t.Errorf("transcript = %+v, %v", got, err)
	}
	if up := endpoint.Uploads(); len(up) != 1 || up[0].Model != "whisper-1" || string(up[0].File) != "OggS-m1" {
		t.Errorf("uploads = %+v, want the note at LLM_BASE_URL with TRANSCRIPTION_MODEL", up)
	}
}

func TestHearingOffReadsVoiceNotesAsAudio(t *testing.T) {
	tests := []struct {
		name string
		vars map[string]string
		src  messaging.MediaSource
		warn string
	}{
		{"disabled (the default)", map[string]string{"LLM_API_KEY": "sk-test"}, oneVoiceNote{}, ""},
		{"the emulator without a key", map[string]string{"TRANSCRIPTION_ENABLED": "true", "LLM_PROVIDER": "demo"}, oneVoiceNote{}, "without LLM_API_KEY"},
		{"no media download", map[string]string{"TRANSCRIPTION_ENABLED": "true", "LLM_API_KEY": "sk-test"}, nil, "without a media download"},
	}
	for _, tt := range tests {
		core, logs := observer.New(zapcore.WarnLevel)
		h, err := newHearing(transcriptionConfig(t, tt.vars), tt.src, nil, zap.New(core))
		if err != nil || h.Transcriber != nil || h.Notes != nil {
			t.Errorf("%s: hearing = %+v, %v; want none", tt.name, h, err)
		}
		if tt.warn == "" && logs.Len() != 0 || tt.warn != "" && logs.FilterMessageSnippet(tt.warn).Len() != 1 {
			t.Errorf("%s: warnings %v, want %q", tt.name, logs.All(), tt.warn)
		}
	}
}
