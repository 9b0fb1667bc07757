// Package openai is the agent.Model that calls a language model through the
// Responses API with github.com/sashabaranov/go-openai: OpenAI itself, or any
// compatible server behind LLM_BASE_URL. It owns the translation of an
// agent.Request into a responses call, the per-attempt timeout, and bounded
// retries of transient failures.
//
// The answer format is taught by the prompt and checked by agent.Parse: this
// package sends no response_format, text.format or JSON schema.
//
// Calls go through the process's shared outbound transport
// (internal/outbound) unless Config.HTTPClient says otherwise.
//
// Of Intake's packages it imports actors/agent and internal/outbound only;
// never http, runtime, emulator or actors/session.
package openai
