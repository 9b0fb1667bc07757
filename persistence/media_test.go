package persistence_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// voiceNote is the media of a customer's voice note with everything the
// platform and its media endpoint can say of it.
func voiceNote() *domain.Media {
	return &domain.Media{
		ID:       "MEDIA_VOICE_1",
		MimeType: "audio/ogg; codecs=opus",
		SHA256:   "6b1f3c0e9d0a4b8f2e7c5a1d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
		Size:     4812,
		Voice:    true,
	}
}

// An inbound media message keeps its file's ID, type, size, name and caption
// in the log item, under "media", and reads back the same.
func TestMediaMessageRoundTrip(t *testing.T) {
	m := domain.Message{
		MessageID:         "wamid.DOC1",
		SessionID:         "sess-1",
		PhoneNumber:       "+5511999990000",
		Content:           "minha conta de luz",
		Timestamp:         t1,
		StateBefore:       domain.StateQualifying,
		StateAfter:        domain.StateQualifying,
		Direction:         domain.DirectionInbound,
		MessageType:       domain.MessageDocument,
		ProviderMessageID: "wamid.DOC1",
		Media: &domain.Media{
			ID:       "MEDIA_DOC_1",
			MimeType: "application/pdf",
			SHA256:   "abc123",
			Size:     120_334,
			FileName: "conta-outubro.pdf",
			Caption:  "minha conta de luz",
		},
	}
	roundTrip(t, "message_media.golden.json", m, persistence.EncodeMessage, persistence.DecodeMessage)
}

// The turn in a receipt keeps its media too: the session actor logs the
// message from the turn, possibly after a restart that read the receipt.
func TestMediaReceiptRoundTrip(t *testing.T) {
	turn := fullTurn()
	turn.MessageID, turn.Content, turn.MessageType, turn.Media = "wamid.VOICE1", "[audio]", domain.MessageAudio, voiceNote()
	roundTrip(t, "receipt_media.golden.json", persistence.NewReceipt(turn, t0), persistence.EncodeReceipt, persistence.DecodeReceipt)
}

// An inbound image logged before media were kept (content "[image]", no
// media attribute) still reads: without media, which the console shows as
// its text alone.
func TestLegacyInboundImageLoads(t *testing.T) {
	want := domain.Message{
		MessageID:         "wamid.OLDIMG",
		SessionID:         "legacy-1",
		PhoneNumber:       "+5511977770000",
		Content:           "[image]",
		Timestamp:         time.Date(2025, 3, 4, 12, 0, 1, 0, time.UTC),
		StateBefore:       domain.StateQualifying,
		StateAfter:        domain.StateQualifying,
		Direction:         domain.DirectionInbound,
		MessageType:       domain.MessageImage,
		ProviderMessageID: "wamid.OLDIMG",
	}
	got, err := persistence.DecodeMessage(readItem(t, "legacy_inbound_image.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("legacy inbound image\n got: %#v\nwant: %#v", got, want)
	}
}
