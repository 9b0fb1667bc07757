// Package queue owns the inbound queue between the webhook and the
// conversations: the queue message (on the wire exactly {"phone_number",
// "message_id"}, the platform message ID), the producer port used by the
// webhook (Sender, and Reserver for a queue bounded in memory, which lets it
// take room without waiting), the consumer port used by the runtime
// (Consumer), and the consumer core of queues that carry encoded bodies
// (ProcessBatch), which reports failed items Lambda-style as
// batchItemFailures listing queue message IDs, never platform message IDs.
//
// The queue is not the record of a message: the webhook writes the receipt
// (RECEIPT#<message id>) before it enqueues, so a message the queue loses,
// drops or had no room for can still be found in the table.
//
// It sits at the bottom of the dependency graph beside persistence: it uses
// domain's QueueMessage as Message and imports no other Intake package.
// Implementations live in sub-packages named after their technology:
// queue/inprocess (emulator, single node, tests) and queue/sqs (Amazon SQS);
// queue/queuetest states the port's contract once, as the suite both run.
package queue
