// Package actors holds Intake's protoactor actors, one sub-package per role:
// session (the conversation actor of one phone and its parts), conversation
// (the pure rules it applies), agent (model calls), projection (CRM and ERP),
// handoff (operator notifications) and messaging (the platform adapter, the
// outbox sends and outbound pacing). Each role owns its pure logic and its
// external adapter.
//
// Actors may import persistence, domain, queue, locale and internal; they
// never import inbound, http, runtime or emulator.
package actors
