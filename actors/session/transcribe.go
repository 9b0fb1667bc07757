package session

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent/transcribe"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// A customer's voice note is heard before the turn asks the model: its audio
// is fetched from the platform and transcribed, off the mailbox, and the
// model reads it as "[audio] quero um orçamento" (domain.VoiceText). A note
// that cannot be heard (download or transcription failed, TRANSCRIPTION_
// TIMEOUT passed) stays "[audio]" and the turn runs all the same: hearing
// delays a turn by at most Hearing.Timeout, before the turn's own deadline
// starts with its first model call.
//
// What this activation heard is kept until the turn that answers the note
// commits, so a turn that runs again (superseded, a failed commit) does not
// fetch or pay for it twice; a crash or a restart before the commit loses it,
// and the next activation transcribes the note again.

// VoiceNotes fetches a voice note's audio from the messaging platform by its
// media ID. It is safe for concurrent use and stops when ctx is done.
type VoiceNotes interface {
	Fetch(ctx context.Context, mediaID string) (audio []byte, mimeType string, err error)
}

// Hearing is how conversations hear voice notes (TRANSCRIPTION_ENABLED). The
// zero value hears none: voice notes reach the model as "[audio]".
type Hearing struct {
	Notes       VoiceNotes
	Transcriber transcribe.Transcriber
	// Timeout bounds hearing a turn's voice notes, downloads and
	// transcriptions together (TRANSCRIPTION_TIMEOUT). Default 30s.
	Timeout time.Duration
}

func (h *Hearing) enabled() bool { return h.Transcriber != nil }

func (h *Hearing) validate() error {
	if (h.Notes == nil) != (h.Transcriber == nil) {
		return errors.New("session: Hearing needs both Notes and Transcriber, or neither")
	}
	if h.Timeout == 0 {
		h.Timeout = 30 * time.Second
	}
	if h.Timeout < 0 {
		return errors.New("session: Hearing.Timeout must be positive")
	}
	return nil
}

// voiceNotes is the part of a conversation that remembers the voice notes it
// heard, by message ID: a note that could not be heard is kept with no text,
// so it is not tried twice either.
type voiceNotes struct {
	heard map[string]transcribe.Transcript
}

// unheard lists the voice notes of turns this activation has not tried yet.
func (v *voiceNotes) unheard(turns []*sessionpb.InboundTurn) []*sessionpb.InboundTurn {
	var notes []*sessionpb.InboundTurn
	for _, m := range turns {
		_, tried := v.heard[m.GetMessageId()]
		if domain.MessageType(m.GetMessageType()) == domain.MessageAudio && m.GetMedia().GetId() != "" && !tried {
			notes = append(notes, m)
		}
	}
	return notes
}

// of is what was heard of turns, for the turn that answers them: nil when
// nothing was.
func (v *voiceNotes) of(turns []*sessionpb.InboundTurn) map[string]transcribe.Transcript {
	var heard map[string]transcribe.Transcript
	for _, m := range turns {
		if tr, ok := v.heard[m.GetMessageId()]; ok && tr.Model != "" {
			if heard == nil {
				heard = map[string]transcribe.Transcript{}
			}
			heard[m.GetMessageId()] = tr
		}
	}
	return heard
}

// keep forgets the notes of messages no longer waiting for an answer (their
// turn committed, or they were dropped as answered).
func (v *voiceNotes) keep(waiting func(messageID string) bool) {
	for id := range v.heard {
		if !waiting(id) {
			delete(v.heard, id)
		}
	}
	if len(v.heard) == 0 {
		v.heard = nil
	}
}

// heardNote is the outcome of hearing one voice note.
type heardNote struct {
	messageID  string
	transcript transcribe.Transcript
	err        error
	// transcribed says the transcription was asked (the download worked).
	transcribed bool
}

// heardResult brings turn seq's heard voice notes back to the mailbox.
type heardResult struct {
	seq   uint64
	notes []heardNote
}

// hear starts a turn's answer: at once when it has no voice note to hear,
// otherwise once its notes are heard (onHeard).
func (c *conversationActor) hear(ctx actor.Context, t *turn) {
	c.voice.keep(func(id string) bool { return c.inbox.has(id) || c.flight.holds(id) })
	var notes []*sessionpb.InboundTurn
	if c.deps.Hearing.enabled() {
		notes = c.voice.unheard(t.turns)
	}
	if len(notes) == 0 {
		t.heard = c.voice.of(t.turns)
		c.respond(ctx, t)
		return
	}
	c.hearNotes(t.seq, notes)
}

// hearNotes fetches and transcribes notes, all at once and within
// Hearing.Timeout, off the mailbox. Stopping the conversation cancels it,
// as it does the model call.
func (c *conversationActor) hearNotes(seq uint64, notes []*sessionpb.InboundTurn) {
	hearing := c.deps.Hearing
	ctx, cancel := context.WithTimeout(context.Background(), hearing.Timeout)
	c.flight.cancelCall = cancel
	type note struct{ id, mediaID, mimeType string }
	wanted := make([]note, 0, len(notes))
	for _, m := range notes {
		wanted = append(wanted, note{m.GetMessageId(), m.GetMedia().GetId(), m.GetMedia().GetMimeType()})
	}
	go func() {
		defer cancel()
		heard := make([]heardNote, len(wanted))
		var wg sync.WaitGroup
		for i, n := range wanted {
			wg.Go(func() {
				heard[i] = heardNote{messageID: n.id}
				audio, mimeType, err := hearing.Notes.Fetch(ctx, n.mediaID)
				if err != nil {
					heard[i].err = err
					return
				}
				if mimeType == "" {
					mimeType = n.mimeType
				}
				heard[i].transcribed = true
				heard[i].transcript, heard[i].err = hearing.Transcriber.Transcribe(ctx, transcribe.Audio{Bytes: audio, MimeType: mimeType})
			})
		}
		wg.Wait()
		c.post(&heardResult{seq: seq, notes: heard})
	}()
}

func (c *conversationActor) onHeard(ctx actor.Context, res *heardResult) {
	t := c.flight.current(res.seq)
	if t == nil {
		return
	}
	c.flight.cancelCall = nil
	if c.voice.heard == nil {
		c.voice.heard = map[string]transcribe.Transcript{}
	}
	for _, n := range res.notes {
		tr := n.transcript
		if n.transcribed {
			c.deps.Metrics.ModelCall(tr.Model, n.err == nil, tr.TokensInput, tr.TokensOutput, tr.Latency)
		}
		if n.err != nil {
			c.log().Warn("voice note not heard; the model reads it as [audio]", zap.String("message_id", n.messageID), zap.Error(n.err))
		}
		if n.err != nil && !errors.Is(n.err, transcribe.ErrNothingHeard) {
			tr = transcribe.Transcript{} // nothing answered, nothing charged
		}
		c.voice.heard[n.messageID] = tr
	}
	t.heard = c.voice.of(t.turns)
	c.respond(ctx, t)
}

// said is the content of m as the model reads it in turn t: a heard voice
// note's transcript after its placeholder.
func (t *turn) said(m *sessionpb.InboundTurn) string {
	return domain.VoiceText(m.GetContent(), t.heard[m.GetMessageId()].Text)
}

// withHeard logs what was heard of an inbound message: its transcript, and
// the transcription's model, tokens and latency, which the cost report
// counts with the model calls.
func withHeard(msg *domain.Message, t *turn) {
	tr, ok := t.heard[msg.MessageID]
	if !ok {
		return
	}
	msg.Transcript = tr.Text
	msg.LLMModel, msg.TokensInput, msg.TokensOutput = tr.Model, tr.TokensInput, tr.TokensOutput
	msg.LatencyMS = tr.Latency.Milliseconds()
}
