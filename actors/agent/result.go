package agent

// LLMCallResult is what one model call returns, recorded in the message log
// beside the parsed answer (spec: "Agent output and model call result").
type LLMCallResult struct {
	// RawResponse is the model's answer text exactly as received, before
	// parsing, so a failed parse can be diagnosed and replayed.
	RawResponse string `json:"raw_response"`
	// Model is the model that answered, as reported by the provider ("replay"
	// and "demo" for the offline models).
	Model string `json:"model"`
	// TokensInput and TokensOutput are the provider's usage counts (estimates
	// for the replay model, zero when unknown).
	TokensInput  int `json:"tokens_input"`
	TokensOutput int `json:"tokens_output"`
	// LatencyMS is the wall time of the call in milliseconds, retries included:
	// what the customer waited.
	LatencyMS int64 `json:"latency_ms"`
}
