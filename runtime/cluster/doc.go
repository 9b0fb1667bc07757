// Package cluster is the clustered implementation of conversation
// addressing: `intake serve` with CLUSTER_ENABLED=true joins a protoactor
// cluster, and each phone's conversation is a virtual actor of kind
// "session" whose identity is the normalized phone, placed on one member by
// the disthash identity lookup. Webhook, queue consumer, /chat and the
// operator console on any member reach it through Conversations, which has
// the methods of the local session.Supervisor; every message that crosses a
// member is generated protobuf (actors/sessionpb).
//
// Two activations of one phone may exist briefly while the members disagree
// on the topology: the turn's commit is conditional on the session version it
// read and on the receipts of its messages (actors/session), so the stale
// activation loses, reloads, and never sends a reply.
//
// It may import actors and persistence and runtime/config; never http,
// runtime itself or emulator.
package cluster
