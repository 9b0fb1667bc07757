// Package openai is the transcribe.Transcriber of the model provider: it
// posts a voice note as multipart form data (model and file fields) to
// {LLM_BASE_URL}/audio/transcriptions with github.com/sashabaranov/go-openai's
// CreateTranscription, with the key of LLM_API_KEY.
//
// go-openai's AudioResponse drops the usage object the provider returns
// (gpt-4o-transcribe models report input and output tokens), so the
// client reads it from the response body on its way to go-openai (usage.go):
// the cost report then prices a transcription like any model call.
//
// One attempt per voice note, no retries: the caller's context bounds the
// call (TRANSCRIPTION_TIMEOUT), and a failed transcription only costs the
// turn its transcript, never the turn itself.
//
// Every error it returns passes through internal/redact: the provider's text
// may echo the key. Of Intake's packages it imports actors/agent/transcribe,
// internal/outbound and internal/redact only.
package openai
