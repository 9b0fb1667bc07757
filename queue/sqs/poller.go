package sqs

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awssqs "github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/queue"
)

// ReceiveAPI is the SQS calls the Poller makes; *awssqs.Client satisfies it.
type ReceiveAPI interface {
	ReceiveMessage(ctx context.Context, params *awssqs.ReceiveMessageInput, optFns ...func(*awssqs.Options)) (*awssqs.ReceiveMessageOutput, error)
	DeleteMessageBatch(ctx context.Context, params *awssqs.DeleteMessageBatchInput, optFns ...func(*awssqs.Options)) (*awssqs.DeleteMessageBatchOutput, error)
}

var (
	_ ReceiveAPI     = (*awssqs.Client)(nil)
	_ queue.Consumer = (*Poller)(nil)
)

// deleteTimeout bounds the deletion of a handled batch, which runs even when
// the Poller is stopping: a handled message that is not deleted comes back.
const deleteTimeout = 10 * time.Second

// Poller consumes one SQS queue. Several Pollers (or several Runs) may share
// a queue: SQS hides a received message from the others until its visibility
// timeout.
type Poller struct {
	cfg    Config
	client ReceiveAPI
	log    *zap.Logger
}

// NewPoller returns a Poller; nothing is received until Run.
func NewPoller(cfg Config, client ReceiveAPI, logger *zap.Logger) (*Poller, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if client == nil {
		return nil, errors.New("sqs: NewPoller needs a client")
	}
	return &Poller{cfg: cfg, client: client, log: logger}, nil
}

// Run long-polls the queue and hands each batch to handle until ctx is done,
// then returns nil. A receive in flight is abandoned at once; messages it may
// have taken reappear after the visibility timeout. Failed receives are
// logged and retried after Config.ErrorBackoff.
func (p *Poller) Run(ctx context.Context, handle queue.Handler) error {
	if handle == nil {
		return errors.New("sqs: Run needs a handler")
	}
	for ctx.Err() == nil {
		out, err := p.client.ReceiveMessage(ctx, &awssqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(p.cfg.QueueURL),
			MaxNumberOfMessages:         p.cfg.MaxMessages,
			WaitTimeSeconds:             int32(p.cfg.WaitTime / time.Second),
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if ctx.Err() == nil {
				p.log.Error("sqs receive failed; retrying", zap.String("queue_url", p.cfg.QueueURL), zap.Error(err))
				sleep(ctx, p.cfg.ErrorBackoff)
			}
			continue
		}
		p.process(ctx, out.Messages, handle)
	}
	return nil
}

// process runs one received batch and deletes what succeeded.
func (p *Poller) process(ctx context.Context, msgs []types.Message, handle queue.Handler) {
	if len(msgs) == 0 {
		return
	}
	deliveries := make([]queue.Delivery, len(msgs))
	for i, m := range msgs {
		deliveries[i] = queue.Delivery{ID: aws.ToString(m.MessageId), Body: aws.ToString(m.Body)}
	}
	resp := queue.ProcessBatch(ctx, deliveries, handle)

	failed := make(map[string]error, len(resp.BatchItemFailures))
	for _, f := range resp.BatchItemFailures {
		failed[f.ItemIdentifier] = f.Err
	}
	var handled []types.Message
	for _, m := range msgs {
		id := aws.ToString(m.MessageId)
		if err, ok := failed[id]; ok {
			p.log.Warn("queue message failed; SQS delivers it again after the visibility timeout",
				zap.String("queue_message_id", id),
				zap.String("receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]),
				zap.Error(err))
			continue
		}
		handled = append(handled, m)
	}
	p.delete(ctx, handled)
}

// delete removes handled messages. It outlives a stopping ctx (bounded by
// deleteTimeout) because a handled message left in the queue is handled again.
func (p *Poller) delete(ctx context.Context, handled []types.Message) {
	if len(handled) == 0 {
		return
	}
	// Entry IDs are indexes into handled: unique in the batch whatever the
	// queue's message IDs look like.
	entries := make([]types.DeleteMessageBatchRequestEntry, len(handled))
	for i, m := range handled {
		entries[i] = types.DeleteMessageBatchRequestEntry{Id: aws.String(strconv.Itoa(i)), ReceiptHandle: m.ReceiptHandle}
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), deleteTimeout)
	defer cancel()
	out, err := p.client.DeleteMessageBatch(ctx, &awssqs.DeleteMessageBatchInput{
		QueueUrl: aws.String(p.cfg.QueueURL),
		Entries:  entries,
	})
	if err != nil {
		p.log.Error("sqs delete failed; the handled messages will be delivered again",
			zap.Int("messages", len(handled)), zap.Error(err))
		return
	}
	for _, f := range out.Failed {
		var id string
		if i, err := strconv.Atoi(aws.ToString(f.Id)); err == nil && i >= 0 && i < len(handled) {
			id = aws.ToString(handled[i].MessageId)
		}
		p.log.Error("sqs delete of a handled message failed; it will be delivered again",
			zap.String("queue_message_id", id), zap.String("code", aws.ToString(f.Code)),
			zap.String("reason", aws.ToString(f.Message)))
	}
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
