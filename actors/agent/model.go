package agent

import "context"

// Model answers one Request. It is the port between the session actors and
// a language model; agent/openai, agent/replay and agent/demo implement it.
//
// Implementations are safe for concurrent use (one model serves every
// conversation), honour ctx cancellation, and handle their own transport
// retries: an error means this call produced no answer. They never parse the
// answer; callers pass RawResponse to Parse.
type Model interface {
	Call(ctx context.Context, req Request) (LLMCallResult, error)
}
