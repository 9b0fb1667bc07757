package sqs

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	awssqs "github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/intake-runtime/intake/queue"
)

// SendAPI is the SQS call the Sender makes; *awssqs.Client satisfies it.
type SendAPI interface {
	SendMessage(ctx context.Context, params *awssqs.SendMessageInput, optFns ...func(*awssqs.Options)) (*awssqs.SendMessageOutput, error)
}

var (
	_ SendAPI      = (*awssqs.Client)(nil)
	_ queue.Sender = (*Sender)(nil)
)

// Sender enqueues queue messages on one SQS queue. It is safe for concurrent
// use, as the SDK client is.
type Sender struct {
	queueURL string
	client   SendAPI
}

// NewSender returns a Sender for the queue at queueURL.
func NewSender(queueURL string, client SendAPI) (*Sender, error) {
	if queueURL == "" || client == nil {
		return nil, errors.New("sqs: NewSender needs a queue URL and a client")
	}
	return &Sender{queueURL: queueURL, client: client}, nil
}

// Send enqueues msg. It returns once SQS has stored the message.
func (s *Sender) Send(ctx context.Context, msg queue.Message) error {
	body, err := queue.Encode(msg)
	if err != nil {
		return err
	}
	_, err = s.client.SendMessage(ctx, &awssqs.SendMessageInput{
		QueueUrl:    aws.String(s.queueURL),
		MessageBody: aws.String(body),
	})
	if err != nil {
		return fmt.Errorf("sqs: send message %s: %w", msg.MessageID, err)
	}
	return nil
}
