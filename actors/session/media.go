package session

import (
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// The media of a customer message crosses the session actor unchanged: from
// the stored turn to the message that may cross a node, and from that message
// to the log item the console reads.

// protoMedia is m in the message form; nil stays nil.
func protoMedia(m *domain.Media) *sessionpb.Media {
	if m == nil {
		return nil
	}
	return &sessionpb.Media{
		Id:       m.ID,
		MimeType: m.MimeType,
		Sha256:   m.SHA256,
		Size:     m.Size,
		FileName: m.FileName,
		Caption:  m.Caption,
		Voice:    m.Voice,
	}
}

// loggedMedia is the log item's form of m; a message without a media ID
// (nothing to fetch) logs none.
func loggedMedia(m *sessionpb.Media) *domain.Media {
	if m.GetId() == "" {
		return nil
	}
	return &domain.Media{
		ID:       m.GetId(),
		MimeType: m.GetMimeType(),
		SHA256:   m.GetSha256(),
		Size:     m.GetSize(),
		FileName: m.GetFileName(),
		Caption:  m.GetCaption(),
		Voice:    m.GetVoice(),
	}
}
