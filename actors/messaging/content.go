package messaging

import (
	"github.com/intake-runtime/intake/domain"
)

// MediaType maps a platform message type to the media kind Intake records.
// Rule 5: any type that is neither text nor a known media kind (location,
// contacts, reaction, interactive, unsupported, a new kind) is a document.
func MediaType(platformType string) domain.MessageType {
	switch t := domain.MessageType(platformType); t {
	case domain.MessageImage, domain.MessageAudio, domain.MessageVideo,
		domain.MessageDocument, domain.MessageSticker:
		return t
	default:
		return domain.MessageDocument
	}
}

// Placeholder is the content of a media message without caption: "[type]".
func Placeholder(kind domain.MessageType) string { return "[" + string(kind) + "]" }
