package cloudapi

import (
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// wireMedia is the media object of a message. Its fields are kept with the
// message so an operator can open the file later; the binary behind ID is
// never downloaded while parsing (rule 6: the webhook answers in time
// whatever the file's size).
type wireMedia struct {
	ID       string `json:"id"`
	MimeType string `json:"mime_type"`
	SHA256   string `json:"sha256"`
	Caption  string `json:"caption"`
	// Filename is a document's name.
	Filename string `json:"filename"`
	// Voice is true on an audio recorded in the app: a voice note.
	Voice bool `json:"voice"`
}

// inboundMedia is what the message says of its file, nil when it has none to
// fetch: text, the customer's answers and shares (kinds.go), and a media
// object without an ID.
func inboundMedia(m wireMessage) *domain.Media {
	kind := messaging.MediaType(m.Type)
	if string(kind) != m.Type {
		return nil // not a media kind of the platform's own
	}
	w := m.media(kind)
	if w == nil || w.ID == "" {
		return nil
	}
	return &domain.Media{
		ID:       w.ID,
		MimeType: w.MimeType,
		SHA256:   w.SHA256,
		FileName: w.Filename,
		Caption:  w.Caption,
		Voice:    kind == domain.MessageAudio && w.Voice,
	}
}
