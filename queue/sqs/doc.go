// Package sqs is the inbound queue on Amazon SQS: a Sender for the webhook
// (SendMessage) and a Poller for the runtime that long-polls ReceiveMessage,
// runs the batch through queue.ProcessBatch, deletes the items that succeeded
// and leaves the failed ones to reappear after the queue's visibility timeout.
// Redelivery limits and the dead-letter queue are the queue's own redrive
// policy, configured with the infrastructure, not here.
//
// Only the SQS calls it makes are declared (SendAPI, ReceiveAPI), so any
// SQS-protocol server works: local-aws-sqs in tests.
//
// It imports only queue from Intake.
package sqs
