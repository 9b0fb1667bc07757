//go:build linux

package main_test

// The runs of the crash test (crash_test.go): the shared servers and binary,
// one `intake serve` with its own table, queue and fakes, and the customers
// and the killer that drive it.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	awssqs "github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/internal/testservers"
)

// crashEnv is what the runs share: the binary and the test servers.
type crashEnv struct {
	bin      string
	dynamo   string // DynamoDB Local endpoint
	sqs      string // local-aws-sqs endpoint
	sqsFront string // the endpoint serve uses (see newSQSFront)
	db       *dynamodb.Client
	queues   *awssqs.Client
}

func newCrashEnv(t *testing.T) *crashEnv {
	t.Helper()
	// The servers first: without them the test skips (fails under CI)
	// before spending time on the build. DynamoDB Local is the package's
	// shared one (see TestMain); the runs keep apart by their own access
	// key and table names.
	e := &crashEnv{dynamo: testservers.SharedDynamoDBLocal(t), sqs: testservers.SQS(t)}
	e.sqsFront = newSQSFront(t, e.sqs)
	creds := credentials.NewStaticCredentialsProvider(crashAccessKey, "secret", "")
	e.db = dynamodb.New(dynamodb.Options{Region: crashRegion, BaseEndpoint: aws.String(e.dynamo), Credentials: creds})
	e.queues = awssqs.New(awssqs.Options{Region: crashRegion, BaseEndpoint: aws.String(e.sqs), Credentials: creds})

	e.bin = buildIntake(t)
	return e
}

// crashRun is one `intake serve` with its own table, queue and fakes.
type crashRun struct {
	t      *testing.T
	name   string
	env    *crashEnv
	table  string
	queue  string // queue URL
	model  *fakeModel
	msgs   *fakeMessaging
	serve  *serveProcess
	port   int
	logDir string
	client *http.Client

	acked     atomic.Int64 // messages POST /webhook answered 200 for
	late      atomic.Int64 // messages sent before the previous reply came
	ackedMu   sync.Mutex
	ackedIDs  []string
	deliverMu sync.Mutex
	attempts  int // webhook POSTs, all messages together
}

// newRun creates a table and a queue named after name, the fakes, and starts
// serve on a free port, waiting until it answers.
func (e *crashEnv) newRun(t *testing.T, name string) *crashRun {
	t.Helper()
	r := e.prepareRun(t, name)
	r.serve = startServe(t, e.bin, r.environment(), r.port, r.logDir)
	if err := r.serve.waitHealthy(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	return r
}

// prepareRun creates a table and a queue named after name, the fakes and a
// log folder, and picks a free port, but starts no serve.
func (e *crashEnv) prepareRun(t *testing.T, name string) *crashRun {
	t.Helper()
	ctx := context.Background()
	r := &crashRun{
		t: t, name: name, env: e,
		table:  "intake-" + name,
		model:  newFakeModel(t),
		msgs:   newFakeMessaging(t, crashAPIVersion, crashPhoneNumberID),
		client: &http.Client{Timeout: 5 * time.Second},
	}
	t.Cleanup(r.client.CloseIdleConnections)
	out, err := e.queues.CreateQueue(ctx, &awssqs.CreateQueueInput{
		QueueName: aws.String("inbound-" + name),
		// Longer than a turn takes: a message whose consumer died comes
		// back after this, and the recovery sweep takes it up earlier.
		Attributes: map[string]string{string(sqstypes.QueueAttributeNameVisibilityTimeout): "10"},
	})
	if err != nil {
		t.Fatalf("create queue: %v", err)
	}
	r.queue = aws.ToString(out.QueueUrl)

	// The logs of every run of serve, and the table's items, are kept when
	// the test fails: the table is what tells a lost message's story.
	r.logDir, err = os.MkdirTemp("", "intake-crash-"+name+"-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			r.dumpTable(t, filepath.Join(r.logDir, "table.jsonl"))
			t.Logf("the output of every run of intake serve, and the table's items (table.jsonl), are kept in %s", r.logDir)
			return
		}
		_ = os.RemoveAll(r.logDir)
	})

	r.port = freeCrashPort(t)
	vars := r.environment()
	table := exec.Command(e.bin, "table", "create")
	table.Env = vars.list()
	if out, err := table.CombinedOutput(); err != nil {
		t.Fatalf("intake table create: %v\n%s", err, out)
	}
	return r
}

// envVars is a child's whole environment.
type envVars map[string]string

func (v envVars) list() []string {
	out := make([]string, 0, len(v))
	for k, val := range v {
		out = append(out, k+"="+val)
	}
	return out
}

// environment is serve's whole environment: nothing is inherited but PATH,
// so no AWS profile or variable of the machine leaks in.
func (r *crashRun) environment() envVars {
	home := r.t.TempDir()
	return envVars{
		"PATH":                        os.Getenv("PATH"),
		"HOME":                        home,
		"AWS_CONFIG_FILE":             filepath.Join(home, "aws-config"),
		"AWS_SHARED_CREDENTIALS_FILE": filepath.Join(home, "aws-credentials"),
		"AWS_EC2_METADATA_DISABLED":   "true",
		"AWS_ACCESS_KEY_ID":           crashAccessKey,
		"AWS_SECRET_ACCESS_KEY":       "secret",
		"AWS_REGION":                  crashRegion,
		"AWS_ENDPOINT_URL_DYNAMODB":   r.env.dynamo,
		"AWS_ENDPOINT_URL_SQS":        r.env.sqsFront,
		"TABLE_NAME":                  r.table,
		"INBOUND_QUEUE_URL":           r.queue,
		"PORT":                        strconv.Itoa(r.port),
		"LLM_PROVIDER":                "openai",
		"LLM_API_KEY":                 "test",
		"LLM_BASE_URL":                r.model.URL + "/v1",
		"LLM_MODEL":                   "test-model",
		"MESSAGING_API_BASE_URL":      r.msgs.URL,
		"MESSAGING_API_VERSION":       crashAPIVersion,
		"MESSAGING_PHONE_NUMBER_ID":   crashPhoneNumberID,
		"MESSAGING_ACCESS_TOKEN":      "test-token",
		"MESSAGING_APP_SECRET":        crashAppSecret,
		"MESSAGING_VERIFY_TOKEN":      "test-verify",
		"CRM_ENABLED":                 "false",
		"ERP_ENABLED":                 "false",
		"HANDOFF_NOTIFIER_ENABLED":    "false",
		"DEBOUNCE_WINDOW":             "100ms",
		"DEBOUNCE_MAX_WAIT":           "300ms",
		"RECOVERY_AFTER":              "2s",
		"RECOVERY_INTERVAL":           "1s",
		"SYNC_INTERVAL":               "1h",
	}
}

func freeCrashPort(t *testing.T) int {
	t.Helper()
	return freeCrashPorts(t, 1)[0]
}

// freeCrashPorts returns n distinct free ports. Their listeners are all held
// until the last port is chosen: a port taken and freed at once may be handed
// out again by the next call, and a cluster given one port twice fails to
// start (a member's HTTP port was once another member's cluster port).
func freeCrashPorts(t *testing.T, n int) []int {
	t.Helper()
	ports := make([]int, 0, n)
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// envelope is the platform's webhook delivery of message k of conversation c.
func envelope(c, k int, timestamp int64) []byte {
	phone := crashPhone(c)
	value := map[string]any{
		"messaging_product": "whatsapp",
		"metadata":          map[string]any{"display_phone_number": "15550001111", "phone_number_id": crashPhoneNumberID},
		"contacts":          []any{map[string]any{"profile": map[string]any{"name": fmt.Sprintf("Cliente %03d", c)}, "wa_id": phone}},
		"messages": []any{map[string]any{
			"from": phone, "id": crashMessageID(c, k), "timestamp": strconv.FormatInt(timestamp, 10),
			"type": "text", "text": map[string]any{"body": crashText(c, k)},
		}},
	}
	body, _ := json.Marshal(map[string]any{
		"object": "whatsapp_business_account",
		"entry":  []any{map[string]any{"id": "WABA_CRASH", "changes": []any{map[string]any{"field": "messages", "value": value}}}},
	})
	return body
}

// deliver posts message k of conversation c to /webhook, as the platform
// does: the same delivery again until it is answered 200 (the process may
// be down or restarting). It returns once the message is acknowledged.
func (r *crashRun) deliver(ctx context.Context, c, k int) error {
	body := envelope(c, k, time.Now().Unix())
	url := fmt.Sprintf("http://127.0.0.1:%d/webhook", r.port)
	for attempt := 1; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("message %s not acknowledged after %d attempts: %w", crashMessageID(c, k), attempt-1, err)
		}
		if msg := r.serve.failed(); msg != "" {
			return errors.New(msg)
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(cloudapi.SignatureHeader, cloudapi.Signature(crashAppSecret, body))
		resp, err := r.client.Do(req)
		r.deliverMu.Lock()
		r.attempts++
		r.deliverMu.Unlock()
		if err == nil {
			var sum webhook.Summary
			decodeErr := json.NewDecoder(resp.Body).Decode(&sum)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				if decodeErr != nil || sum.Accepted+sum.Duplicates != 1 || len(sum.Rejected) != 0 {
					return fmt.Errorf("message %s: 200 with %+v (%v)", crashMessageID(c, k), sum, decodeErr)
				}
				r.ackedMu.Lock()
				r.ackedIDs = append(r.ackedIDs, crashMessageID(c, k))
				r.ackedMu.Unlock()
				r.acked.Add(1)
				return nil
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// converse plays conversation c: each message once the previous one is
// answered (or crashReplyWait passed), so debounce never merges two.
func (r *crashRun) converse(ctx context.Context, c int) error {
	for k := range crashMessages {
		if err := r.deliver(ctx, c, k); err != nil {
			return err
		}
		if !r.msgs.waitFor(ctx, crashPhone(c), crashReply(crashText(c, k)), crashReplyWait) {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			r.late.Add(1)
			r.t.Logf("%s: no reply to %s within %v; the customer writes on", r.name, crashMessageID(c, k), crashReplyWait)
		}
	}
	return nil
}

// play runs every conversation, crashConcurrency at a time.
func (r *crashRun) play(ctx context.Context) error {
	return forEach(crashConversations, crashConcurrency, func(c int) error {
		if err := r.converse(ctx, c); err != nil {
			return fmt.Errorf("conversation %d: %w", c, err)
		}
		return nil
	})
}

// forEach calls do for 0..n-1, concurrency calls at a time, and returns
// their errors joined.
func forEach(n, concurrency int, do func(int) error) error {
	work := make(chan int)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range concurrency {
		wg.Go(func() {
			for i := range work {
				if err := do(i); err != nil {
					errs <- err
				}
			}
		})
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	close(errs)
	var all []error
	for err := range errs {
		all = append(all, err)
	}
	return errors.Join(all...)
}

// killer kills serve with SIGKILL and restarts it at once, crashKills times:
// each time the number of acknowledged messages passes one of crashKills
// random thresholds, after a random pause of up to 300 ms, so kills land in
// every phase of a turn and are spread over the whole run. It waits for each
// restarted run to answer before aiming at the next threshold, so every kill
// hits a running service. The thresholds are all below the number of
// messages, so it ends on its own once they are all acknowledged (a kill may
// then fall while the last replies are still being sent); ctx stops it
// early. It returns the number of kills.
func (r *crashRun) killer(ctx context.Context, rng *rand.Rand) (int, error) {
	total := crashConversations * crashMessages
	thresholds := rng.Perm(total - 10)[:crashKills]
	for i := range thresholds {
		thresholds[i] += 5
	}
	sort.Ints(thresholds)
	kills := 0
	for _, th := range thresholds {
		for r.acked.Load() < int64(th) {
			select {
			case <-ctx.Done():
				return kills, nil
			case <-time.After(5 * time.Millisecond):
			}
		}
		time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond)
		if msg := r.serve.failed(); msg != "" {
			return kills, errors.New(msg)
		}
		if err := r.serve.restart(); err != nil {
			return kills, err
		}
		kills++
		if err := r.serve.waitHealthy(ctx, 30*time.Second); err != nil {
			return kills, fmt.Errorf("after kill %d: %w", kills, err)
		}
	}
	return kills, nil
}

// missingReplies lists the script's replies not sent yet.
func (r *crashRun) missingReplies() []string {
	var missing []string
	for c := range crashConversations {
		for k := range crashMessages {
			if r.msgs.count(crashPhone(c), crashReply(crashText(c, k))) == 0 {
				missing = append(missing, crashMessageID(c, k))
			}
		}
	}
	return missing
}

// queueEmpty reports whether the run's queue holds no message, visible or
// in flight.
func (r *crashRun) queueEmpty(ctx context.Context) bool {
	out, err := r.env.queues.GetQueueAttributes(ctx, &awssqs.GetQueueAttributesInput{
		QueueUrl: aws.String(r.queue),
		AttributeNames: []sqstypes.QueueAttributeName{
			sqstypes.QueueAttributeNameApproximateNumberOfMessages,
			sqstypes.QueueAttributeNameApproximateNumberOfMessagesNotVisible,
		},
	})
	if err != nil {
		return false
	}
	for _, v := range out.Attributes {
		if v != "0" {
			return false
		}
	}
	return true
}
