package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// The usage every successful transcription of a Transcription server
// reports, as the gpt-4o-transcribe models do.
const (
	TranscriptionTokensInput  = 95
	TranscriptionTokensOutput = 9
)

// TranscriptionAnswer is how a Transcription server answers every call.
type TranscriptionAnswer struct {
	// Text is the transcript of a successful call.
	Text string
	// Status, when not 0 or 200, fails the call with that status and an
	// OpenAI error body.
	Status int
	// Hang holds every call until its caller gives up.
	Hang bool
}

// Upload is what one transcription call posted: the multipart form's model
// field and file field.
type Upload struct {
	Model       string
	FileName    string
	ContentType string
	File        []byte
}

// Transcription is an httptest server speaking OpenAI's
// /audio/transcriptions (multipart form data in, {"text", "usage"} out),
// recording every upload.
type Transcription struct {
	*httptest.Server
	answer TranscriptionAnswer

	mu      sync.Mutex
	uploads []Upload
}

// NewTranscription starts a transcription server answering every call with
// answer; the test's cleanup closes it.
func NewTranscription(t testing.TB, answer TranscriptionAnswer) *Transcription {
	s := &Transcription{answer: answer}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *Transcription) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/audio/transcriptions" && r.URL.Path != "/audio/transcriptions" {
		http.NotFound(w, r)
		return
	}
	var u Upload
	if err := r.ParseMultipartForm(32 << 20); err == nil {
		u.Model = r.FormValue("model")
		if f, h, err := r.FormFile("file"); err == nil {
			u.FileName, u.ContentType = h.Filename, h.Header.Get("Content-Type")
			u.File, _ = io.ReadAll(f)
			_ = f.Close()
		}
	}
	s.mu.Lock()
	s.uploads = append(s.uploads, u)
	s.mu.Unlock()
	if s.answer.Hang {
		<-r.Context().Done()
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if st := s.answer.Status; st != 0 && st != http.StatusOK {
		w.WriteHeader(st)
		fmt.Fprintf(w, `{"error":{"message":"transcription failed with %d","type":"server_error"}}`, st)
		return
	}
	text, _ := json.Marshal(s.answer.Text)
	fmt.Fprintf(w, `{"text":%s,"usage":{"type":"tokens","input_tokens":%d,"output_tokens":%d,"total_tokens":%d}}`,
		text, TranscriptionTokensInput, TranscriptionTokensOutput, TranscriptionTokensInput+TranscriptionTokensOutput)
}

// Uploads returns what every call so far posted.
func (s *Transcription) Uploads() []Upload {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Upload(nil), s.uploads...)
}
