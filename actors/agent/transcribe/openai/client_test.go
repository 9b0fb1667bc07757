package openai_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/agent/transcribe"
	"github.com/intake-runtime/intake/actors/agent/transcribe/openai"
)

// oggOpus stands for a voice note's bytes: the endpoint fake only checks
// that they arrive intact.
var oggOpus = []byte("OggS\x00\x02voice-note-bytes")

// upload is what the fake endpoint received of one call.
type upload struct {
	path, auth, model, fileName, fileType string
	file                                  []byte
}

// endpoint is an httptest server speaking OpenAI's /audio/transcriptions:
// multipart form data in, {"text", "usage"} out.
type endpoint struct {
	*httptest.Server
	mu      sync.Mutex
	uploads []upload
}

func newEndpoint(t *testing.T, status int, body string) *endpoint {
	t.Helper()
	e := &endpoint{}
	e.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := upload{path: r.URL.Path, auth: r.Header.Get("Authorization")}
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			t.Errorf("not multipart form data: %v", err)
		} else {
			u.model = r.FormValue("model")
			if f, h, err := r.FormFile("file"); err == nil {
				u.fileName, u.fileType = h.Filename, h.Header.Get("Content-Type")
				u.file, _ = io.ReadAll(f)
				_ = f.Close()
			}
		}
		e.mu.Lock()
		e.uploads = append(e.uploads, u)
		e.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(e.Close)
	return e
}

func (e *endpoint) only(t *testing.T) upload {
	t.Helper()
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.uploads) != 1 {
		t.Fatalf("calls = %d, want 1", len(e.uploads))
	}
	return e.uploads[0]
}

func client(t *testing.T, baseURL, model string) *openai.Client {
	t.Helper()
	c, err := openai.New(openai.Config{APIKey: "sk-test-key-123456", BaseURL: baseURL, Model: model})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTranscribePostsTheVoiceNoteAsMultipart(t *testing.T) {
	e := newEndpoint(t, http.StatusOK, `{"text":" quero um orçamento ","usage":{"type":"tokens","input_tokens":95,"input_token_details":{"text_tokens":0,"audio_tokens":95},"output_tokens":9,"total_tokens":104}}`)
	got, err := client(t, e.URL+"/v1", "").Transcribe(context.Background(), transcribe.Audio{Bytes: oggOpus, MimeType: "audio/ogg; codecs=opus"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != "quero um orçamento" || got.Model != openai.DefaultModel || got.TokensInput != 95 || got.TokensOutput != 9 || got.Latency <= 0 {
		t.Errorf("transcript = %+v, want the trimmed text, the default model and the provider's usage", got)
	}
	u := e.only(t)
	want := upload{path: "/v1/audio/transcriptions", auth: "Bearer sk-test-key-123456", model: "gpt-4o-mini-transcribe",
		fileName: "voice.ogg", fileType: "audio/ogg; codecs=opus", file: oggOpus}
	if u.path != want.path || u.auth != want.auth || u.model != want.model || u.fileName != want.fileName ||
		u.fileType != want.fileType || string(u.file) != string(want.file) {
		t.Errorf("upload = %+v\nwant %+v", u, want)
	}
}

func TestTranscribeNamesTheFileByItsFormat(t *testing.T) {
	tests := []struct{ mimeType, fileName string }{
		{"audio/ogg; codecs=opus", "voice.ogg"},
		{"audio/mpeg", "voice.mp3"},
		{"audio/mp4", "voice.m4a"},
		{"audio/aac", "voice.aac"},
		{"", "voice.ogg"},
	}
	for _, tt := range tests {
		e := newEndpoint(t, http.StatusOK, `{"text":"oi"}`)
		if _, err := client(t, e.URL, "whisper-1").Transcribe(context.Background(), transcribe.Audio{Bytes: oggOpus, MimeType: tt.mimeType}); err != nil {
			t.Fatal(err)
		}
		if u := e.only(t); u.fileName != tt.fileName || u.model != "whisper-1" {
			t.Errorf("%q: sent as %q with model %q, want %q", tt.mimeType, u.fileName, u.model, tt.fileName)
		}
	}
}

func TestTranscribeWithoutUsageCountsNoTokens(t *testing.T) {
	e := newEndpoint(t, http.StatusOK, `{"text":"oi","usage":{"type":"duration","seconds":3}}`)
	got, err := client(t, e.URL, "whisper-1").Transcribe(context.Background(), transcribe.Audio{Bytes: oggOpus})
	if err != nil || got.TokensInput != 0 || got.TokensOutput != 0 || got.Text != "oi" {
		t.Errorf("transcript = %+v, %v; want the text and no tokens", got, err)
	}
}

func TestTranscribeFailures(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		is     error
	}{
		{"server error", http.StatusInternalServerError, `{"error":{"message":"boom for sk-test-key-123456","type":"server_error"}}`, nil},
		{"unsupported format", http.StatusBadRequest, `{"error":{"message":"Invalid file format.","type":"invalid_request_error"}}`, nil},
		{"nothing heard", http.StatusOK, `{"text":"  "}`, transcribe.ErrNothingHeard},
	}
	for _, tt := range tests {
		e := newEndpoint(t, tt.status, tt.body)
		_, err := client(t, e.URL, "").Transcribe(context.Background(), transcribe.Audio{Bytes: oggOpus, MimeType: "audio/ogg"})
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("%s: err = %v, want %v", tt.name, err, tt.is)
		}
		if strings.Contains(err.Error(), "sk-test-key-123456") {
			t.Errorf("%s: the error shows the key: %v", tt.name, err)
		}
	}
}

func TestTranscribeStopsAtTheCallersDeadline(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release); slow.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := client(t, slow.URL, "").Transcribe(ctx, transcribe.Audio{Bytes: oggOpus})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Errorf("err = %v after %s, want the deadline within it", err, time.Since(start))
	}
}

func TestNewRefusesAMissingKey(t *testing.T) {
	if _, err := openai.New(openai.Config{BaseURL: "http://x"}); err == nil || !strings.Contains(err.Error(), "APIKey") {
		t.Errorf("err = %v, want one naming APIKey", err)
	}
	if _, err := openai.New(openai.Config{APIKey: "k", BaseURL: "ftp://x"}); err == nil {
		t.Error("an ftp base URL was accepted")
	}
}

func TestEmptyAudioIsNotSent(t *testing.T) {
	e := newEndpoint(t, http.StatusOK, `{"text":"oi"}`)
	if _, err := client(t, e.URL, "").Transcribe(context.Background(), transcribe.Audio{}); err == nil {
		t.Error("empty audio transcribed")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.uploads) != 0 {
		t.Errorf("calls = %d, want none", len(e.uploads))
	}
}
