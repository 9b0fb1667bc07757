// Package domain owns Intake's shared vocabulary: the values every layer
// speaks of and passes between them. A session and its states, agents and
// handoff reasons; a logged message with its direction, type, delivery and
// outbox status; an inbound turn and its queue message; an out-of-portfolio
// demand; the operational summary; the CRM desired state and its revision;
// the result every external adapter returns. With them go the rules that
// need nothing but the values (a session's defaults and deep copy, whether
// it waits for an operator, what the customer's phone shows of a message).
//
// It is the bottom layer: it imports no other Intake package and no AWS
// package, so storage, actors, adapters, HTTP handlers and generic clients
// such as internal/httpcall can all use it. How the values are stored (keys,
// items, conditions, repositories) is persistence's business; the struct
// tags here only name their fields, in the table and in JSON alike.
package domain
