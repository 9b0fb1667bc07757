// Package inprocess is the queue of the emulator, of single-node mode and of
// tests: a bounded buffer in memory with consumer goroutines that the runtime
// starts (Run) and stops (ctx or Close) explicitly. It hands each message to
// the handler as it was sent, the turn it carries included, and keeps one
// phone's messages in order (Config.Consumers). It is a queue.Reserver: a
// producer can take room without waiting, and learn at once that there is
// none. Past its slots, an overflow bounded by entries and bytes
// (Config.Overflow) keeps a burst in memory and hands it to the lanes as
// they free, oldest first, so that it waits seconds, not minutes for the
// recovery sweep.
//
// It is not durable. A message is lost when the process stops before it was
// handled, and an item that keeps failing is dropped after Config.MaxAttempts
// (logged with its platform message ID). Neither loses the customer's text: the
// webhook wrote the receipt (RECEIPT#<message id>) before it enqueued, and the
// runtime's recovery sweep enqueues unanswered receipts again.
//
// When the queue is full and refuses a producer that cannot wait while the
// process is short of CPU, its consumers slow down and leave the CPU to the
// producers (pace.go): the webhook keeps answering at once while turns are
// far behind.
//
// It imports only queue and internal/cpuwait from Intake.
package inprocess
