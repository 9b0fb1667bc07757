package messaging

import (
	"strings"

	"github.com/intake-runtime/intake/persistence"
)

// mediaType maps a platform message type to the media kind Intake records.
// Rule 5: any type that is neither text nor a known media kind (location,
// contacts, reaction, interactive, unsupported, a new kind) is a document.
func mediaType(platformType string) persistence.MessageType {
	switch t := persistence.MessageType(platformType); t {
	case persistence.MessageImage, persistence.MessageAudio, persistence.MessageVideo,
		persistence.MessageDocument, persistence.MessageSticker:
		return t
	default:
		return persistence.MessageDocument
	}
}

// placeholder is the content of a media message without caption: "[type]".
func placeholder(kind persistence.MessageType) string { return "[" + string(kind) + "]" }

// messageContent returns the message type and the content of one message:
// the body for text, otherwise the media caption when there is one, else
// "[type]". No media binary is fetched (rule 6).
func messageContent(m wireMessage) (persistence.MessageType, string) {
	if m.Type == string(persistence.MessageText) {
		if m.Text == nil {
			return persistence.MessageText, ""
		}
		return persistence.MessageText, m.Text.Body
	}
	kind := mediaType(m.Type)
	if media := m.media(kind); media != nil && strings.TrimSpace(media.Caption) != "" {
		return kind, media.Caption
	}
	return kind, placeholder(kind)
}

// media returns the media object of kind, nil when the message has none.
func (m wireMessage) media(kind persistence.MessageType) *wireMedia {
	switch kind {
	case persistence.MessageImage:
		return m.Image
	case persistence.MessageAudio:
		return m.Audio
	case persistence.MessageVideo:
		return m.Video
	case persistence.MessageSticker:
		return m.Sticker
	default:
		return m.Document
	}
}
