// Package handoff owns what happens when a conversation is handed to human
// operators, outside the session actor's own state: the handoff queue (which
// conversations wait, in what order, who holds which), the notifiers that tell
// operators a customer is waiting, the routing of the operators' answers
// from their own phones, and the child actor through which the session actor
// notifies without blocking its mailbox.
//
// # Notifiers
//
// A [Notifier] receives a [Notice] (the session itself, its queue position,
// whether it is a reminder) and returns the spec's HandoffNotifyResult. The
// result never claims a notification that did not happen: Notified is true
// only when at least one person was sent the notice, and success=true with
// notified=false means "queued, nobody told yet". Implementations:
//
//   - [Stub], used when HANDOFF_NOTIFIER_ENABLED=false: records and succeeds
//     without telling anyone (notified=false);
//   - [MessagingNotifier]: a text with the context (customer, service,
//     reason, summary, queue position, link to the console) sent through the
//     messaging platform to every enabled operator of the roster ([Roster];
//     OPERATOR_PHONES seeds it);
//   - the e-mail notifier in the sub-package ses (SES v2, HANDOFF_EMAIL_FROM
//     to HANDOFF_EMAIL_TO);
//   - [All], which fans one notice out to several of them.
//
// Every text for operators (the notice, its reminders, the answers to an
// operator's message) comes from [Catalogue], in UI_LANG with times on
// UI_TIMEZONE's clock ([NewLocale]), as the console shows them: pt-BR on
// São Paulo's clock unless configured otherwise. The console merges the
// same catalogue, so a handoff reason reads alike on the page and in the
// notice.
//
// # Queue
//
// [Queue] reads the gsi1 partition "HANDOFF" kept by the persistence layer:
// sessions in HANDOFF wait in the order they were handed off, sessions in
// HUMAN are held by an operator and do not count as waiting.
//
// # Assignment
//
// With ASSIGNMENT=round_robin the child also answers [Choose]: an
// [Assigner] picks the enabled, available operator with the fewest
// conversations in HUMAN (below ASSIGNMENT_MAX_OPEN) from the roster, the
// availability partition and the handoff index, and [TellAssigned] texts
// them once the session actor committed the assignment. The choice is a
// proposal; the commit, conditional on the session's version, is the
// conversation's own, so a conversation is assigned once across a cluster.
//
// # Operators' own messages
//
// An operator may answer a notice from their own phone. The queue consumer
// hands every inbound message to [OperatorMessages.Route] first: a message from a
// roster's enabled operator goes, as the console's send would, to the one
// conversation that operator holds, through its session actor
// ([Conversations]); otherwise the operator is told why on the platform.
//
// # Child actor
//
// [Props] is the session actor's handoff child. The parent sends [*Notify];
// the child computes the queue position, calls the notifier and answers its
// parent with [*Notified]. The child's Receive blocks on that I/O, which is
// why it is a child: the session actor's mailbox stays free.
//
// It may import actors/messaging, actors/conversation, actors/sessionpb,
// locale and persistence; never http, runtime or emulator.
package handoff
