// Package agent owns what Intake knows about language-model answers, apart from
// the actor that runs the calls: the Request a session builds for one model
// call, the Model port every model implementation satisfies, the LLMCallResult
// a call returns, and the parser of the answer format the prompts instruct
// (a JSON object with an integer action code s, then the customer text).
//
// Implementations of Model live in sub-packages named after their technology:
// agent/openai (any server speaking the Responses API), agent/replay
// (recorded answers, for fixtures) and agent/demo (the offline rule-based
// model the emulator runs when no key is set). Hearing a voice note is a
// port of its own, agent/transcribe, with its OpenAI client beneath it.
//
// The package is pure logic: it must not import http, runtime, emulator or
// actors/session, and it holds no actor code (the session actor calls Model
// off its mailbox).
package agent
