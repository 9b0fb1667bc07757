package session_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// A voice note reaches the model as the spec's "[audio]", and the message
// log keeps its file (ID, type, voice mark) on the customer's message for the
// console to play; a text message logs no media.
func TestVoiceNoteKeepsItsMedia(t *testing.T) {
	h := newHarness(t, session.Config{}, registrationAnswers)
	phone := "+5511900000083"
	note := turn(phone, "v1", "[audio]")
	note.MessageType = string(domain.MessageAudio)
	note.Media = &sessionpb.Media{Id: "MEDIA_VOICE", MimeType: "audio/ogg; codecs=opus", Sha256: "d1g3st", Voice: true}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := h.sup.Chat(ctx, &sessionpb.ChatRequest{Turn: note}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.sup.Chat(ctx, &sessionpb.ChatRequest{Turn: turn(phone, "t1", "oi")}); err != nil {
		t.Fatal(err)
	}
	want := &domain.Media{ID: "MEDIA_VOICE", MimeType: "audio/ogg; codecs=opus", SHA256: "d1g3st", Voice: true}
	seen := 0
	for _, m := range h.messages(phone) {
		switch m.MessageID {
		case "v1":
			seen++
			if m.Content != "[audio]" || m.MessageType != domain.MessageAudio || !reflect.DeepEqual(m.Media, want) {
				t.Errorf("logged voice note = %+v (media %+v), want [audio] with %+v", m, m.Media, want)
			}
		case "t1":
			seen++
			if m.Media != nil {
				t.Errorf("a text message logged media %+v", m.Media)
			}
		}
	}
	if seen != 2 {
		t.Errorf("found %d of the 2 customer messages in the log", seen)
	}
	if calls := h.model.Calls(); len(calls) == 0 || !contains(joinAll(calls[0]), "[audio]") {
		t.Errorf("the model saw %q, want [audio]", calls)
	}
}
