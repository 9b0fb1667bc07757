// Package replay is the agent.Model that answers with recorded raw answers,
// in call order, without any network: the fixture harness drives recorded
// conversations through the actors with it, and the emulator uses it when
// LLM_PROVIDER=replay (LLM_REPLAY_FILE).
//
// Of Intake's packages it imports actors/agent only; never http, runtime,
// emulator or actors/session.
package replay
