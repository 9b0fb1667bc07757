// Package runtime is the composition root: it reads configuration from the
// environment (and the parameter store), builds the zap logger with its
// in-process ring buffer, wires the table, the actor system, the queue
// consumers, the schedulers and the HTTP apps, and owns their lifecycle.
//
// Only runtime reads environment variables; everything below it receives values.
// It may import http, actors and persistence, never emulator or cmd.
package runtime
