package persistence_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A transcribed voice note is logged with its transcript and the
// transcription's usage (its receipt's media are media_test.go's). Voice
// notes logged before transcription existed read without one.

func transcribedVoiceNote() domain.Message {
	return domain.Message{
		MessageID:         "wamid.VOICE1",
		SessionID:         "sess-1",
		PhoneNumber:       "+5511999990000",
		Content:           "[audio]",
		Timestamp:         t0,
		StateBefore:       domain.StateQualifying,
		StateAfter:        domain.StateQualifying,
		Direction:         domain.DirectionInbound,
		MessageType:       domain.MessageAudio,
		ProviderMessageID: "wamid.VOICE1",
		Transcript:        "quero um orçamento de energia solar",
		LLMModel:          "gpt-4o-mini-transcribe",
		TokensInput:       95,
		TokensOutput:      9,
		LatencyMS:         820,
	}
}

func TestVoiceNoteMessageRoundTrip(t *testing.T) {
	roundTrip(t, "message_voice.golden.json", transcribedVoiceNote(), persistence.EncodeMessage, persistence.DecodeMessage)
}

func TestLegacyVoiceNoteLoadsWithoutTranscript(t *testing.T) {
	want := domain.Message{
		MessageID:         "wamid.OLDVOICE",
		SessionID:         "legacy-1",
		PhoneNumber:       "+5511977770000",
		Content:           "[audio]",
		Timestamp:         time.Date(2024, 11, 2, 9, 16, 0, 0, time.UTC),
		StateBefore:       domain.StateQualifying,
		StateAfter:        domain.StateQualifying,
		Direction:         domain.DirectionInbound,
		MessageType:       domain.MessageAudio,
		ProviderMessageID: "wamid.OLDVOICE",
	}
	got, err := persistence.DecodeMessage(readItem(t, "legacy_voice_message.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("legacy voice note\n got: %#v\nwant: %#v", got, want)
	}
	if text := got.ModelText(); text != "[audio]" {
		t.Errorf("an untranscribed voice note reads %q to the model, want [audio]", text)
	}
}
