// Package session owns the conversation of one phone: one protoactor actor per
// phone that keeps the burst of customer messages (each durable in its
// receipt, so a crash loses nothing), runs one turn per burst through the
// model, applies the conversation rules, commits the turn (message log,
// session snapshot conditional on its version, receipts, intents, the reply's
// outbox entry) in one transaction, and sends the reply.
//
// Callers reach a conversation only through an addressing interface (tell a
// turn, ask a chat), never through a PID: the local Supervisor here, or the
// cluster's (runtime/cluster), whose grains are this package's conversation
// actors (Grains) under the cluster's placement. Both apply the same request
// checks (requests.go).
//
// The actor (actor.go) is a thin owner that routes each message to the part
// of its state it concerns, each part a struct in its own file, and makes
// their effects (table and model calls, sends, timers) itself:
//
//	inbox         the messages not in a turn yet, the debounce timer, the
//	              pending marker and an older release's buffer (inbox.go)
//	inFlight      the turn under way, its model call, superseded answers (inflight.go)
//	replies       the committed replies being sent (messaging.Replies)
//	handoffWatch  the child that tells operators, the renotification timer (handoffwatch.go)
//	opQueue       operator commands waiting for the running turn (opqueue.go)
//	stored        what the table holds: session, history, last intent (stored.go)
//	voice         the voice notes heard, until their turn commits (transcribe.go)
//
// A turn's commit is built by commitOf (commit.go), a pure function of the
// turn and of those parts. Every close goes through a commit, the
// administration's reset included (OPERATOR_ACTION_RESET).
//
// One actor per phone means one turn at a time per conversation, in arrival
// order. The actor never blocks its mailbox on I/O (work.go): table calls run
// on its table lane (which also keeps writes in order), the model call (and,
// before it, the hearing of a turn's voice notes) on a goroutine of its own,
// sends in its messaging.Replies; each result comes back as a message. There
// are no per-conversation child actors for these: one actor per live
// conversation keeps it small. Only a conversation that
// reaches the handoff queue spawns a child, to tell operators.
//
// It may import actors/agent, actors/conversation, actors/messaging and
// persistence; never http, runtime or emulator.
package session
