// Package demo is the offline, rule-based agent.Model (LLM_PROVIDER=demo):
// the emulator's default when no LLM_API_KEY is set, so that a newcomer can
// walk every path of the product (qualification, registration with an invalid
// then a valid CPF, completion with the CRM and ERP stubs, handoff to a
// person, out-of-portfolio) without a model account.
//
// It speaks the agent contract of actors/conversation for every agent: it
// recognises a service from the catalogue's names and aliases in the
// customer's text, asks for the registration data one field at a time and
// extracts name, CPF/CNPJ, e-mail and city with patterns, answers a request
// for a person with s=3, a request outside the catalogue with s=4, a goodbye
// with s=9, and writes the SUMMARIZER's JSON from the session facts. It
// listens before it asks: a price or duration question is answered from the
// knowledge packages (asked for with s=5, as a real model does) before the
// next registration question; "prefiro X" naming another catalogue service
// while registering is a subject change (s=6); and it offers options, the
// services when none is identified and "Sim"/"Não" on a subject change. It is
// deterministic: the same request gives the same answer. It does not check
// CPF/CNPJ digits or e-mails: the conversation rules do, as they do for a
// real model.
//
// It reads the session from the request's facts (conversation.Fact*) and the
// catalogue through the function it is given, so catalogue edits apply to the
// next call. It imports actors/agent, actors/conversation and its content;
// never http, runtime, emulator or actors/session. `intake serve` never picks
// it silently: only LLM_PROVIDER=demo chooses it there.
package demo
