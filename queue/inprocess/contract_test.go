package inprocess_test

import (
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/queue/inprocess"
	"github.com/intake-runtime/intake/queue/queuetest"
)

// The in-process queue keeps the port's contract: the same suite runs
// against SQS. A small capacity lets the suite fill it; a short backoff
// keeps the redeliveries quick.
func TestContract(t *testing.T) {
	queuetest.Run(t, func(t *testing.T) queuetest.Queue {
		checkGoroutines(t)
		q := newQueue(t, inprocess.Config{Capacity: 4, RetryBackoff: 5 * time.Millisecond}, zap.NewNop())
		t.Cleanup(func() { _ = q.Close() })
		return queuetest.Queue{Sender: q, Consumer: q, Redelivery: 50 * time.Millisecond}
	})
}
