package openai

import (
	goopenai "github.com/sashabaranov/go-openai"

	"github.com/intake-runtime/intake/actors/agent"
)

// BuildRequest is the responses call for req: the agent's full system prompt
// as instructions, the history as input messages, reasoning only when effort
// is set, and nothing that constrains the output format.
//
// Messages carry plain string content, the one form every compatible server
// accepts for both roles. Store is false: each call sends the whole history,
// so nothing is gained by the provider keeping customer conversations.
func BuildRequest(model, effort string, req agent.Request) goopenai.CreateResponseRequest {
	input := make([]goopenai.ResponseInputMessage, 0, len(req.History))
	for _, t := range req.History {
		input = append(input, goopenai.ResponseInputMessage{Role: t.Role, Content: t.Text})
	}
	store := false
	r := goopenai.CreateResponseRequest{
		Model:        model,
		Instructions: req.SystemPrompt(),
		Input:        input,
		Store:        &store,
	}
	if effort != "" {
		r.Reasoning = &goopenai.ResponseReasoning{Effort: effort}
	}
	return r
}
