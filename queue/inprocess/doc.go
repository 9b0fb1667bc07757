// Package inprocess is the queue of the emulator, of single-node mode and of
// tests: a bounded buffer in memory with consumer goroutines that the runtime
// starts (Run) and stops (ctx or Close) explicitly.
//
// It is not durable. A message is lost when the process stops before it was
// handled, and an item that keeps failing is dropped after Config.MaxAttempts
// (logged with its platform message ID). Neither loses the customer's text: the
// webhook wrote the receipt (RECEIPT#<message id>) before it enqueued.
//
// It imports only queue from Intake.
package inprocess
