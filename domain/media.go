package domain

// Media is what the platform said of a media message's file: enough to fetch
// it later, on an operator's request, and to show it rightly (an image, a
// player, a link named after the document). The file itself is never stored:
// the platform keeps it and hands it out by ID, so the log item grows by a
// few dozen bytes, not by the file.
type Media struct {
	// ID is the platform's media ID, the key of its media endpoint.
	ID string `dynamodbav:"id" json:"id"`
	// MimeType is the platform's type of the file ("image/jpeg",
	// "audio/ogg; codecs=opus"); pages serve the file with it.
	MimeType string `dynamodbav:"mime_type,omitempty" json:"mime_type,omitempty"`
	// SHA256 is the file's digest as the platform gave it, when it did.
	SHA256 string `dynamodbav:"sha256,omitempty" json:"sha256,omitempty"`
	// Size is the file's length in bytes, when known (the webhook does not
	// say it; the media endpoint does).
	Size int64 `dynamodbav:"size,omitempty" json:"size,omitempty"`
	// FileName is a document's name as the customer sent it.
	FileName string `dynamodbav:"file_name,omitempty" json:"file_name,omitempty"`
	// Caption is the text the customer wrote under the file.
	Caption string `dynamodbav:"caption,omitempty" json:"caption,omitempty"`
	// Voice marks an audio recorded in the app (a voice note) rather than
	// an audio file shared.
	Voice bool `dynamodbav:"voice,omitempty" json:"voice,omitempty"`
}
