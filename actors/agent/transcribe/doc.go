// Package transcribe owns the port through which a conversation hears a
// customer's voice note: a Transcriber turns the note's audio into text and
// reports what the transcription cost (model, tokens, latency), so the cost
// report counts it with the model calls.
//
// Implementations live in sub-packages named after their technology:
// transcribe/openai (the model provider's /audio/transcriptions endpoint,
// through github.com/sashabaranov/go-openai).
//
// The package is pure vocabulary: it imports nothing of Intake's, and must
// not import http, runtime, emulator or actors/session (the session actor
// calls a Transcriber off its mailbox, bounded by TRANSCRIPTION_TIMEOUT).
package transcribe
