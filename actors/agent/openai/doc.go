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
// Every error it returns or logs passes through internal/redact: the
// provider's text may echo the key.
//
// Of Intake's packages it imports actors/agent, internal/outbound and
// internal/redact only;
// never http, runtime, emulator or actors/session.
package openai
