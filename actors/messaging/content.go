package messaging

import "github.com/intake-runtime/intake/persistence"

// MediaType maps a platform message type to the media kind Intake records.
// Rule 5: any type that is neither text nor a known media kind (location,
// contacts, reaction, interactive, unsupported, a new kind) is a document.
func MediaType(platformType string) persistence.MessageType {
	switch t := persistence.MessageType(platformType); t {
	case persistence.MessageImage, persistence.MessageAudio, persistence.MessageVideo,
		persistence.MessageDocument, persistence.MessageSticker:
		return t
	default:
		return persistence.MessageDocument
	}
}

// Placeholder is the content of a media message without caption: "[type]".
func Placeholder(kind persistence.MessageType) string { return "[" + string(kind) + "]" }
