package sqs_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	awssqs "github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/sqs"
)

// newClient is an SQS client for the local server: static dummy credentials,
// us-east-1, the server as endpoint.
func newClient(endpoint string) *awssqs.Client {
	return awssqs.New(awssqs.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(endpoint),
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
}

// createQueue makes a queue on the local server whose received messages
// reappear after visibilitySeconds.
func createQueue(t *testing.T, client *awssqs.Client, visibilitySeconds int) string {
	t.Helper()
	out, err := client.CreateQueue(context.Background(), &awssqs.CreateQueueInput{
		QueueName:  aws.String("inbound"),
		Attributes: map[string]string{string(types.QueueAttributeNameVisibilityTimeout): strconv.Itoa(visibilitySeconds)},
	})
	if err != nil {
		t.Fatal(err)
	}
	return aws.ToString(out.QueueUrl)
}

// runPoller runs p until the test ends and checks that it stops with nil.
func runPoller(t *testing.T, p *sqs.Poller, handle queue.Handler) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() { runErr <- p.Run(ctx, handle) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-runErr:
			if err != nil {
				t.Errorf("Run = %v, want nil", err)
			}
		case <-time.After(30 * time.Second):
			t.Error("Run did not return after its ctx was cancelled")
		}
	})
}

// eventually polls cond until it holds, failing after a generous deadline:
// the tests check outcomes, never how fast they come.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestPollerRedeliversFailuresAndDeletesSuccesses(t *testing.T) {
	client := newClient(testservers.SQS(t))
	// local-aws-sqs keeps a receive open for its whole wait, collecting
	// messages, where SQS answers as soon as it has some. A visibility timeout
	// longer than the wait keeps a failed message out of the batch that
	// failed it, as it would be on SQS.
	url := createQueue(t, client, 2)
	core, logs := observer.New(zap.WarnLevel)
	poller, err := sqs.NewPoller(sqs.Config{QueueURL: url, WaitTime: time.Second}, client, zap.New(core))
	if err != nil {
		t.Fatal(err)
	}
	sender, err := sqs.NewSender(url, client)
	if err != nil {
		t.Fatal(err)
	}

	var (
		mu      sync.Mutex
		handled []string
		failed  bool
	)
	runPoller(t, poller, func(_ context.Context, m queue.Message) error {
		mu.Lock()
		defer mu.Unlock()
		handled = append(handled, m.MessageID)
		if m.MessageID == "wamid.2" && !failed {
			failed = true
			return errors.New("conversation unavailable")
		}
		return nil
	})
	for i := 1; i <= 3; i++ {
		msg := queue.Message{PhoneNumber: "+5511999990000", MessageID: fmt.Sprintf("wamid.%d", i)}
		if err := sender.Send(context.Background(), msg); err != nil {
			t.Fatal(err)
		}
	}

	eventually(t, "every message was handled and the failed one again", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(handled) >= 4
	})
	mu.Lock()
	got := slices.Sorted(slices.Values(handled))
	mu.Unlock()
	if want := []string{"wamid.1", "wamid.2", "wamid.2", "wamid.3"}; !slices.Equal(got, want) {
		t.Fatalf("handled %q, want %q", got, want)
	}
	eventually(t, "the queue is empty (all deleted, none in flight)", func() bool {
		return queueIsEmpty(t, client, url)
	})
	out, err := client.ReceiveMessage(context.Background(), &awssqs.ReceiveMessageInput{QueueUrl: aws.String(url), MaxNumberOfMessages: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Messages) != 0 {
		t.Fatalf("received %d messages after the run, want none", len(out.Messages))
	}
	failures := logs.FilterMessageSnippet("queue message failed").All()
	if len(failures) != 1 || failures[0].ContextMap()["queue_message_id"] == "wamid.2" {
		t.Fatalf("failure logs = %+v, want one naming the queue message ID", failures)
	}
}

func queueIsEmpty(t *testing.T, client *awssqs.Client, url string) bool {
	t.Helper()
	out, err := client.GetQueueAttributes(context.Background(), &awssqs.GetQueueAttributesInput{
		QueueUrl: aws.String(url),
		AttributeNames: []types.QueueAttributeName{
			types.QueueAttributeNameApproximateNumberOfMessages,
			types.QueueAttributeNameApproximateNumberOfMessagesNotVisible,
			types.QueueAttributeNameApproximateNumberOfMessagesDelayed,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, n := range out.Attributes {
		if n != "0" {
			t.Logf("%s = %s", name, n)
			return false
		}
	}
	return len(out.Attributes) == 3
}

func TestPollerKeepsPollingThroughReceiveErrors(t *testing.T) {
	client := newClient(testservers.SQS(t))
	core, logs := observer.New(zap.ErrorLevel)
	poller, err := sqs.NewPoller(sqs.Config{
		QueueURL:     createQueue(t, client, 1) + "-missing",
		WaitTime:     time.Second,
		ErrorBackoff: 10 * time.Millisecond,
	}, client, zap.New(core))
	if err != nil {
		t.Fatal(err)
	}
	runPoller(t, poller, func(context.Context, queue.Message) error { return nil })
	eventually(t, "two failed receives were logged", func() bool {
		return logs.FilterMessageSnippet("sqs receive failed").Len() >= 2
	})
}

func TestSenderRejectsAnIncompleteMessage(t *testing.T) {
	sender, err := sqs.NewSender("http://127.0.0.1:1/000000000000/unused", newClient("http://127.0.0.1:1"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Send(context.Background(), queue.Message{PhoneNumber: "+1"}); !errors.Is(err, queue.ErrMalformed) {
		t.Fatalf("Send = %v, want ErrMalformed", err)
	}
}

func TestConstructorsRejectBadConfig(t *testing.T) {
	client := newClient("http://127.0.0.1:1")
	const url = "http://127.0.0.1:1/000000000000/q"
	if _, err := sqs.NewSender("", client); err == nil {
		t.Error("NewSender without a URL succeeded")
	}
	if _, err := sqs.NewSender(url, nil); err == nil {
		t.Error("NewSender without a client succeeded")
	}
	if _, err := sqs.NewPoller(sqs.Config{QueueURL: url}, nil, zap.NewNop()); err == nil {
		t.Error("NewPoller without a client succeeded")
	}
	for _, cfg := range []sqs.Config{
		{},
		{QueueURL: url, WaitTime: 21 * time.Second},
		{QueueURL: url, WaitTime: 1500 * time.Millisecond},
		{QueueURL: url, MaxMessages: 11},
		{QueueURL: url, ErrorBackoff: -time.Second},
	} {
		if _, err := sqs.NewPoller(cfg, client, zap.NewNop()); err == nil {
			t.Errorf("NewPoller(%+v) succeeded", cfg)
		}
	}
	if _, err := sqs.NewPoller(sqs.Config{QueueURL: url}, client, zap.NewNop()); err != nil {
		t.Errorf("NewPoller with defaults: %v", err)
	}
}
