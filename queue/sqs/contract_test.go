package sqs_test

import (
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/queue/queuetest"
	"github.com/intake-runtime/intake/queue/sqs"
)

// The SQS queue keeps the port's contract, against local-aws-sqs: the same
// suite runs against the in-process queue. A failed message comes back after
// the visibility timeout (2s), seen by the next long poll (1s).
func TestContract(t *testing.T) {
	queuetest.Run(t, func(t *testing.T) queuetest.Queue {
		client := newClient(testservers.SQS(t))
		url := createQueue(t, client, 2)
		poller, err := sqs.NewPoller(sqs.Config{QueueURL: url, WaitTime: time.Second}, client, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		sender, err := sqs.NewSender(url, client)
		if err != nil {
			t.Fatal(err)
		}
		return queuetest.Queue{Sender: sender, Consumer: poller, Redelivery: 3 * time.Second}
	})
}
