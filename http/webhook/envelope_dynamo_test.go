package webhook_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// TestLargeEnvelopeAgainstDynamoDBLocal acknowledges a 1000-message
// envelope (1000 phones) against AWS's DynamoDB Local: every message is
// recorded and enqueued, the receipts are written concurrently (more than
// one call in flight, never more than Config.Concurrency), and the time is
// reported. Sequential writes took 23 s; the target is under 2 s. The bound
// asserted is generous: this is a check that concurrency is used, not a
// timing test on a shared machine.
func TestLargeEnvelopeAgainstDynamoDBLocal(t *testing.T) {
	endpoint := testservers.DynamoDBLocal(t)
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("x", "x", "")}
	client := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(endpoint) })
	name := fmt.Sprintf("intake-envelope-%d", time.Now().UnixNano())
	if _, err := dynamo.EnsureTable(t.Context(), client, name); err != nil {
		t.Fatal(err)
	}
	const n, concurrency = 1000, 32
	var table *slowTable
	h := newHarnessWith(t, webhook.Config{Concurrency: concurrency, StoreTimeout: time.Minute}, inbound.Config{StoreTimeout: time.Minute}, func(persistence.Table) persistence.Table {
		table = &slowTable{Table: dynamo.New(client, name)} // no delay: counts the calls in flight
		return table
	})
	// A first envelope warms DynamoDB Local's JVM up; the second is timed.
	warm := strings.ReplaceAll(string(envelope(200, 200, testStart)), "wamid.E", "wamid.W")
	if status, answer := h.post("/webhook", []byte(warm), true); status != 200 {
		t.Fatalf("warm-up answer %d %.200s", status, answer)
	}
	body := envelope(n, n, testStart)
	start := time.Now()
	status, answer := h.post("/webhook", body, true)
	took := time.Since(start)
	t.Logf("%d-message envelope acknowledged in %v against DynamoDB Local (%d receipts in flight at most)", n, took.Round(time.Millisecond), table.peak.Load())
	if status != 200 || !strings.Contains(string(answer), fmt.Sprintf(`"accepted":%d`, n)) {
		t.Fatalf("answer %d %.200s", status, answer)
	}
	if got := len(h.queueIDs()); got != n+200 {
		t.Errorf("%d messages enqueued, want %d", got, n)
	}
	if peak := table.peak.Load(); peak < 2 || peak > concurrency {
		t.Errorf("receipts in flight at most %d, want between 2 and %d", peak, concurrency)
	}
	if took > 20*time.Second {
		t.Errorf("acknowledged after %v: no better than one write after the other", took)
	}
}
