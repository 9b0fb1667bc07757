package config

import "time"

// DefaultTranscriptionModel is TRANSCRIPTION_MODEL's default: OpenAI's
// cheaper gpt-4o transcription model.
const DefaultTranscriptionModel = "gpt-4o-mini-transcribe"

// Transcription configures the hearing of customers' voice notes: through
// the model provider's transcription endpoint, at LLM_BASE_URL with
// LLM_API_KEY, before the turn asks the model.
type Transcription struct {
	// Enabled transcribes voice notes, so the model reads
	// "[audio] <transcript>" instead of "[audio]" (TRANSCRIPTION_ENABLED,
	// default false). `intake serve` needs LLM_API_KEY with it; the
	// emulator without a key reads voice notes as "[audio]" and says so in
	// its log.
	Enabled bool
	// Model is the transcription model (TRANSCRIPTION_MODEL, default
	// gpt-4o-mini-transcribe). Price it in LLM_PRICES like a chat model: the
	// provider reports its tokens.
	Model string
	// Timeout bounds hearing one turn's voice notes, the download from the
	// platform and the transcription together (TRANSCRIPTION_TIMEOUT,
	// default 30s); past it the turn runs with "[audio]".
	Timeout time.Duration
}

func (r *reader) readTranscription(t *Transcription) {
	r.boolean("TRANSCRIPTION_ENABLED", &t.Enabled)
	r.text("TRANSCRIPTION_MODEL", &t.Model)
	r.duration("TRANSCRIPTION_TIMEOUT", &t.Timeout)
}

func (v *validator) transcription(t Transcription) {
	v.positive("TRANSCRIPTION_TIMEOUT", t.Timeout)
}

// transcriptionNeeds asks serve for the provider's key when voice notes are
// transcribed. With LLM_PROVIDER=openai the model's own need already names
// LLM_API_KEY; an offline model (demo, replay) needs it only for this.
func (v *validator) transcriptionNeeds(c Config) {
	if c.Transcription.Enabled && c.LLM.Provider != ProviderOpenAI {
		v.need("LLM_API_KEY", c.LLM.APIKey != "",
			"is required with TRANSCRIPTION_ENABLED=true: voice notes are transcribed by the model provider (set TRANSCRIPTION_ENABLED=false to read them as [audio])")
	}
}
