package runtime

import (
	"context"
	"fmt"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	awssqs "github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
	"github.com/intake-runtime/intake/queue/sqs"
	"github.com/intake-runtime/intake/runtime/config"
)

// Queue is the inbound queue as the application uses it: the webhook sends,
// the consumer runs, and stopping closes it.
type Queue interface {
	queue.Sender
	queue.Consumer
	Close() error
}

// newQueue is SQS when INBOUND_QUEUE_URL is set, else an in-process queue
// (InProcessQueue). The SQS poller handles one received batch at a time,
// in order; it has no concurrency setting.
func newQueue(ctx context.Context, cfg config.Config, m *Metrics, logger *zap.Logger) (Queue, error) {
	if cfg.Queue.InboundURL == "" {
		return inprocess.New(InProcessQueue(cfg.Queue.Concurrency), logger)
	}
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.Table.Region), awsClient(cfg, m, logger))
	if err != nil {
		return nil, fmt.Errorf("INBOUND_QUEUE_URL: %w", err)
	}
	return newSQSQueue(cfg.Queue.InboundURL, awssqs.NewFromConfig(awsCfg), logger)
}

// The in-process queue's overflow: a burst past its 1,024 slots waits in
// memory and reaches the conversations as lanes free, oldest first, instead
// of waiting RECOVERY_AFTER for the sweep. 100,000 messages of a typical
// text hold about 40 MB; 64 MiB bounds long texts. Past either bound the
// webhook leaves messages to their receipts and the sweep, as it did past
// the slots.
const (
	inProcessOverflow      = 100_000
	inProcessOverflowBytes = 64 << 20
)

// InProcessQueue is the configuration of the in-process queue of serve and
// the emulator: consumers lanes (INBOUND_CONCURRENCY) handing messages to
// conversations at once, each phone's in order, and the overflow above.
func InProcessQueue(consumers int) inprocess.Config {
	return inprocess.Config{Consumers: consumers, Overflow: inProcessOverflow, OverflowBytes: inProcessOverflowBytes}
}

// sqsQueue joins the SQS sender and poller of one queue URL.
type sqsQueue struct {
	*sqs.Sender
	*sqs.Poller
}

func newSQSQueue(url string, client *awssqs.Client, logger *zap.Logger) (*sqsQueue, error) {
	sender, err := sqs.NewSender(url, client)
	if err != nil {
		return nil, err
	}
	poller, err := sqs.NewPoller(sqs.Config{QueueURL: url}, client, logger)
	if err != nil {
		return nil, err
	}
	return &sqsQueue{Sender: sender, Poller: poller}, nil
}

// Close implements Queue: the poller stops with the context Run was given.
func (*sqsQueue) Close() error { return nil }
