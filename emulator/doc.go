// Package emulator is the local runner: it loads the env file with
// set-if-absent semantics, builds the simulated cloud context (memory table,
// in-process queue, in-memory mailer and parameter store), prints the banner and
// stops gracefully on Ctrl+C. It runs the same application as production.
//
// It may import runtime and the packages below it, never cmd.
package emulator
