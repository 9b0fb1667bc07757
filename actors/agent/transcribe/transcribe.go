package transcribe

import (
	"context"
	"errors"
	"time"
)

// ErrNothingHeard reports a transcription that succeeded with no text (a
// silent or unintelligible note): the turn then reads the note as "[audio]",
// as it would without transcription.
var ErrNothingHeard = errors.New("transcribe: the transcription holds no text")

// Transcriber turns the audio of a voice note into text. Implementations are
// safe for concurrent use and stop when ctx is done. A transcript returned
// with an error still names its model; with ErrNothingHeard it also carries
// the usage the provider charged for.
type Transcriber interface {
	Transcribe(ctx context.Context, audio Audio) (Transcript, error)
}

// Audio is one voice note's file as the platform serves it.
type Audio struct {
	Bytes []byte
	// MimeType is the file's type, e.g. audio/ogg; codecs=opus (WhatsApp's
	// voice notes); parameters are allowed.
	MimeType string
}

// Transcript is what a voice note said, with what hearing it cost.
type Transcript struct {
	Text string
	// Model is the transcription model that answered.
	Model string
	// TokensInput and TokensOutput are the provider's usage, zero when it
	// reports none (models billed by the second report seconds, not tokens).
	TokensInput  int
	TokensOutput int
	Latency      time.Duration
}
