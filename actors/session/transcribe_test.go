package session_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/intake-runtime/intake/actors/agent/transcribe/openai"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/llmtest"
)

// A voice note is heard before the turn asks the model: its audio comes from
// the platform's media download, its transcript from the provider's
// transcription endpoint, and the model reads "[audio] <transcript>". When
// it cannot be heard the turn runs all the same with "[audio]".

// oggOpus stands for a voice note's bytes.
var oggOpus = []byte("OggS\x00\x02\x00\x00voice")

// mediaStub is the platform's media download: it serves oggOpus for every
// media ID, or fails with err, and records what it was asked.
type mediaStub struct {
	err     error
	mu      sync.Mutex
	fetched []string
}

func (m *mediaStub) Fetch(_ context.Context, mediaID string) ([]byte, string, error) {
	m.mu.Lock()
	m.fetched = append(m.fetched, mediaID)
	m.mu.Unlock()
	if m.err != nil {
		return nil, "", m.err
	}
	return oggOpus, "audio/ogg; codecs=opus", nil
}

func (m *mediaStub) asked() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.fetched)
}

// hearingWith hears voice notes through media and the real transcription
// client against endpoint, within timeout.
func hearingWith(t *testing.T, media *mediaStub, endpoint *llmtest.Transcription, timeout time.Duration) session.Hearing {
	t.Helper()
	client, err := openai.New(openai.Config{APIKey: "test", BaseURL: endpoint.URL + "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	return session.Hearing{Notes: media, Transcriber: client, Timeout: timeout}
}

func voiceTurn(phone, id, mediaID string) *sessionpb.InboundTurn {
	return &sessionpb.InboundTurn{
		PhoneNumber: phone, MessageId: id, Content: "[audio]",
		ReceivedAt: timestamppb.Now(), Instance: "instance_a", MessageType: "audio",
		Media: &sessionpb.Media{Id: mediaID, MimeType: "audio/ogg; codecs=opus", Voice: true},
	}
}

// chatVoice sends a voice note through the synchronous chat and returns its reply.
func (h *harness) chatVoice(phone, id, mediaID string) *sessionpb.ChatReply {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	reply, err := h.sup.Chat(ctx, &sessionpb.ChatRequest{Turn: voiceTurn(phone, id, mediaID)})
	if err != nil {
		h.t.Fatalf("chat %s: %v", id, err)
	}
	return reply
}

// lastUserText is the last user text of the model's last call.
func (h *harness) lastUserText() string {
	h.t.Helper()
	calls := h.model.Calls()
	if len(calls) == 0 {
		h.t.Fatal("the model was never called")
	}
	users := calls[len(calls)-1]
	return users[len(users)-1]
}

func inboundOf(t *testing.T, log []domain.Message, id string) domain.Message {
	t.Helper()
	for _, m := range log {
		if m.MessageID == id && m.Direction == domain.DirectionInbound {
			return m
		}
	}
	t.Fatalf("no inbound message %s in %+v", id, log)
	return domain.Message{}
}

func TestVoiceNoteIsHeardBeforeTheModelAnswers(t *testing.T) {
	h := newHarness(t, session.Config{}, llmtest.AnswerWith("Claro! Qual é o seu consumo mensal?"))
	h.stop()
	media, endpoint := &mediaStub{}, llmtest.NewTranscription(t, llmtest.TranscriptionAnswer{Text: "quero um orçamento"})
	h.hearing = hearingWith(t, media, endpoint, 5*time.Second)
	h.start()

	reply := h.chatVoice("+5511900000300", "v1", "media-1")
	if reply.GetError() != "" || reply.GetReply() != "Claro! Qual é o seu consumo mensal?" {
		t.Fatalf("reply = %+v", reply)
	}
	if got := h.lastUserText(); got != "[audio] quero um orçamento" {
		t.Errorf("the model read %q, want the transcript after the placeholder", got)
	}
	if got := media.asked(); !slices.Equal(got, []string{"media-1"}) {
		t.Errorf("media fetched = %v, want media-1 once", got)
	}
	up := endpoint.Uploads()
	if len(up) != 1 || up[0].Model != "gpt-4o-mini-transcribe" || string(up[0].File) != string(oggOpus) || up[0].FileName != "voice.ogg" {
		t.Fatalf("uploads = %+v, want the voice note once, to the default model", up)
	}
	note := inboundOf(t, h.messages("+5511900000300"), "v1")
	want := domain.Message{Content: "[audio]", Transcript: "quero um orçamento", LLMModel: "gpt-4o-mini-transcribe",
		TokensInput: llmtest.TranscriptionTokensInput, TokensOutput: llmtest.TranscriptionTokensOutput}
	if note.Content != want.Content || note.Transcript != want.Transcript || note.LLMModel != want.LLMModel ||
		note.TokensInput != want.TokensInput || note.TokensOutput != want.TokensOutput {
		t.Errorf("logged voice note = %+v\nwant content, transcript and usage %+v", note, want)
	}

	// The next turn's history still knows what the note said.
	h.chat("+5511900000300", "t2", "uns 300 kWh")
	calls := h.model.Calls()
	if last := calls[len(calls)-1]; !slices.Contains(last, "[audio] quero um orçamento") {
		t.Errorf("the next turn's history = %q, want the heard voice note in it", last)
	}
	if n := len(endpoint.Uploads()); n != 1 {
		t.Errorf("transcriptions = %d, want 1: a heard note is not heard again", n)
	}
}

func TestVoiceNoteNotHeardStillGetsAnAnswer(t *testing.T) {
	tests := []struct {
		name     string
		answer   llmtest.TranscriptionAnswer
		fetchErr error
		disabled bool
	}{
		{name: "endpoint fails", answer: llmtest.TranscriptionAnswer{Status: http.StatusInternalServerError}},
		{name: "endpoint hangs past the timeout", answer: llmtest.TranscriptionAnswer{Hang: true}},
		{name: "download fails", answer: llmtest.TranscriptionAnswer{Text: "never heard"}, fetchErr: errors.New("media endpoint: 404")},
		{name: "nothing said", answer: llmtest.TranscriptionAnswer{Text: "  "}},
		{name: "transcription disabled", answer: llmtest.TranscriptionAnswer{Text: "never heard"}, disabled: true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, session.Config{}, llmtest.AnswerWith("Recebi seu áudio. Pode escrever?"))
			h.stop()
			media, endpoint := &mediaStub{err: tt.fetchErr}, llmtest.NewTranscription(t, tt.answer)
			if !tt.disabled {
				h.hearing = hearingWith(t, media, endpoint, 300*time.Millisecond)
			}
			h.start()

			phone := "+55119000003" + string(rune('1'+i)) + "0"
			start := time.Now()
			reply := h.chatVoice(phone, "v1", "media-1")
			if reply.GetError() != "" || reply.GetReply() != "Recebi seu áudio. Pode escrever?" {
				t.Fatalf("reply = %+v, want the model's answer", reply)
			}
			if waited := time.Since(start); waited > 5*time.Second {
				t.Errorf("the turn took %s: hearing must not hold it past its timeout", waited)
			}
			if got := h.lastUserText(); got != "[audio]" {
				t.Errorf("the model read %q, want [audio]", got)
			}
			note := inboundOf(t, h.messages(phone), "v1")
			if note.Transcript != "" || note.Content != "[audio]" {
				t.Errorf("logged voice note = %+v, want [audio] without a transcript", note)
			}
			if tt.disabled && (len(media.asked()) > 0 || len(endpoint.Uploads()) > 0) {
				t.Errorf("disabled transcription fetched %v and uploaded %d", media.asked(), len(endpoint.Uploads()))
			}
		})
	}
}

func TestOnlyVoiceNotesWithMediaAreHeard(t *testing.T) {
	h := newHarness(t, session.Config{}, llmtest.AnswerWith("Ok."))
	h.stop()
	media, endpoint := &mediaStub{}, llmtest.NewTranscription(t, llmtest.TranscriptionAnswer{Text: "oi"})
	h.hearing = hearingWith(t, media, endpoint, 5*time.Second)
	h.start()

	h.chat("+5511900000350", "t1", "Oi")
	h.chatVoice("+5511900000350", "v1", "") // a voice note whose media ID the platform did not give
	if got := media.asked(); len(got) != 0 {
		t.Errorf("fetched %v, want nothing: no voice note with media", got)
	}
}

func TestHearingNeedsBothPorts(t *testing.T) {
	_, err := session.NewSupervisor(nil, session.Deps{Hearing: session.Hearing{Notes: &mediaStub{}}})
	if err == nil || !strings.Contains(err.Error(), "Hearing needs both") {
		t.Fatalf("err = %v, want a hearing without a transcriber refused", err)
	}
}

func TestSupersededTurnDoesNotHearItsVoiceNoteTwice(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: 20 * time.Millisecond, DebounceMaxWait: time.Second}, llmtest.AnswerWith("Certo."))
	h.stop()
	media, endpoint := &mediaStub{}, llmtest.NewTranscription(t, llmtest.TranscriptionAnswer{Text: "quero um orçamento"})
	h.hearing = hearingWith(t, media, endpoint, 5*time.Second)
	release := h.model.Hold(1)
	h.start()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := h.sup.Deliver(ctx, voiceTurn("+5511900000360", "v1", "media-1")); err != nil {
		t.Fatal(err)
	}
	h.model.AwaitCalls(t, 1)
	h.deliver("+5511900000360", "t2", "é para minha casa") // supersedes the running turn
	release()
	h.waitSends(1)
	h.model.AwaitCalls(t, 2)
	if got := h.model.Calls()[1]; !slices.Contains(got, "[audio] quero um orçamento\né para minha casa") {
		t.Errorf("the rerun read %q, want the heard note with the newer message", got)
	}
	if n := len(endpoint.Uploads()); n != 1 {
		t.Errorf("transcriptions = %d, want 1: the rerun keeps what was heard", n)
	}
}
