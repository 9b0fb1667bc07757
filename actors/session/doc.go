// Package session owns the conversation of one phone: one protoactor actor per
// phone that keeps the debounce buffer (persisted at DEBOUNCE#<phone>/BUFFER so
// a crash loses nothing), runs one turn per burst through its agent child,
// applies the conversation rules, writes the message log and the session
// snapshot (conditional on its version), and replies through its messaging
// child.
//
// Callers reach a conversation only through the Conversations interface (tell a
// turn, ask a chat), never through a PID, so the local supervisor can be
// replaced by a cluster implementation.
//
// One actor per phone means one turn at a time per conversation, in arrival
// order. The actor never blocks its mailbox on I/O: table access runs in its
// store child (whose mailbox also keeps writes in order), model calls in its
// agent child, sends in its messaging child.
//
// It may import actors/agent, actors/conversation, actors/messaging and
// persistence; never http, runtime or emulator.
package session
