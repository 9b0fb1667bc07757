// Package actors holds Intake's protoactor actors, one sub-package per role:
// session (the debounce buffer and state machine of one phone), agent (model
// calls), projection (CRM and ERP), handoff (operator notifications) and
// messaging (the platform adapter and outbound pacing). Each role owns its pure
// logic and its external adapter.
//
// Actors may import persistence; they never import http, runtime or emulator.
package actors
