// Package runtime is the composition root: it reads configuration from the
// environment (and the parameter store), builds the zap logger with its
// in-process ring buffer, wires the table, the actor system, the queue
// consumers, the schedulers and the HTTP apps, and owns their lifecycle.
//
// The way of a customer's message is the inbound package's, step by step
// (acceptance behind both webhook routes, the queue's Deliverer, the
// Recovery sweep); runtime only builds those, adapts its Conversations to
// them, and runs the consumer and the sweep (at start, then every
// RECOVERY_INTERVAL) for as long as Run lasts.
//
// Only runtime reads environment variables; everything below it receives values.
// It may import http, inbound, actors and persistence, never emulator or cmd.
package runtime
