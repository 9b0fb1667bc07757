package smoke

import (
	"context"
	"fmt"
	"time"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/intake-runtime/intake/actors/agent/replay"
	"github.com/intake-runtime/intake/runtime/config"
)

// llmMaxOutputTokens caps the real call's answer. 16 is the smallest limit
// OpenAI accepts; the prompt asks for one word anyway.
const llmMaxOutputTokens = 16

// llm checks the language model. Its real call is one tiny responses request
// that asks for the word OK: a few tokens, stored nowhere (store=false).
func (c *Checker) llm(ctx context.Context, real bool) (bool, string) {
	l := c.cfg.LLM
	switch {
	case l.Provider == config.ProviderReplay:
		answers, err := replay.LoadFile(l.ReplayFile)
		if err != nil {
			return false, err.Error()
		}
		return true, fmt.Sprintf("replay provider: %d recorded answers in %s; it never calls the network, so there is no real call to make", len(answers), l.ReplayFile)
	case l.Provider == config.ProviderDemo:
		return true, "demo provider: the offline rule-based model answers from the service catalogue; it never calls the network, so there is no real call to make (set LLM_API_KEY for a real model)"
	case l.APIKey.Reveal() == "":
		return false, "LLM_API_KEY is not set: the offline demo model stands in for LLM_PROVIDER=openai; no call made"
	}
	base := l.BaseURL
	if base == "" {
		base = goopenai.DefaultConfig("").BaseURL
	}
	var s settings
	s.needURL("LLM_BASE_URL", base)
	s.need("LLM_MODEL", l.Model != "")
	effort := l.ReasoningEffort
	if effort == "" {
		effort = "unset"
	}
	ok, detail := s.verdict(fmt.Sprintf("Responses API at %s, model %s, reasoning effort %s, LLM_API_KEY set", base, l.Model, effort))
	return realOnlyAfter(real, ok, detail, func() (bool, string) {
		return c.callModel(ctx, base)
	})
}

func (c *Checker) callModel(ctx context.Context, base string) (bool, string) {
	l := c.cfg.LLM
	cfg := goopenai.DefaultConfig(l.APIKey.Reveal())
	cfg.BaseURL = base
	cfg.HTTPClient = c.deps.HTTP
	store := false
	req := goopenai.CreateResponseRequest{
		Model:           l.Model,
		Instructions:    "Answer with the single word OK.",
		Input:           "ping",
		MaxOutputTokens: llmMaxOutputTokens,
		Store:           &store,
	}
	if l.ReasoningEffort != "" {
		req.Reasoning = &goopenai.ResponseReasoning{Effort: l.ReasoningEffort}
	}
	call := fmt.Sprintf("POST %s/responses (model %s, max_output_tokens %d, store false)", base, l.Model, llmMaxOutputTokens)
	start := time.Now()
	resp, err := goopenai.NewClientWithConfig(cfg).CreateResponse(ctx, req)
	if err != nil {
		return false, fmt.Sprintf("%s failed: %s", call, clip(transportError(err).Error(), 300))
	}
	elapsed := time.Since(start).Milliseconds()
	usage := ""
	if resp.Usage != nil {
		usage = fmt.Sprintf(", %d input and %d output tokens", resp.Usage.InputTokens, resp.Usage.OutputTokens)
	}
	if text := resp.GetOutputText(); text != "" {
		return true, fmt.Sprintf("%s answered %q in %d ms%s", call, clip(text, 60), elapsed, usage)
	}
	// A reasoning model may spend the whole cap thinking: the key, the model
	// and the endpoint still work, which is what this smoke checks.
	return true, fmt.Sprintf("%s answered with status %s and no text in %d ms%s", call, resp.Status, elapsed, usage)
}
