package runtime_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/valyala/fasthttp"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/persistence/persistencetest"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
	"github.com/intake-runtime/intake/runtime"
)

// BenchmarkWebhook measures what the webhook costs production per message,
// against a table and a queue whose every call takes callLatency (as
// DynamoDB's and SQS's do, from the same region): the table requests and
// queue sends per message, the requests per second and the latency of the
// whole application's POST /webhook, and, in the same run, the same of a
// bare fiber handler that makes the calls a message needs and nothing more:
// one conditional put of the receipt and one queue send. webhookConns
// connections post signed one-message deliveries, each a new message of a
// new phone; the two sides take turns in chunks, so a change of load on a
// shared machine weighs on both alike. No test asserts on these numbers.
func BenchmarkWebhook(b *testing.B) {
	const chunk = 1000
	hook, bare := startWebhookApp(b), startBareWebhook(b)
	warm := webhookConns // connections opened, start-up requests done
	hook.post(b, 0, warm)
	bare.post(b, 0, warm)
	hook.reset()
	bare.reset()
	b.ResetTimer()
	for done := 0; done < b.N; done += chunk {
		n := min(chunk, b.N-done)
		hook.post(b, warm+done, n)
		bare.post(b, warm+done, n)
	}
	b.StopTimer()
	reportWebhook(b, hook, bare)
}

// webhookConns is how many connections post deliveries at once.
const webhookConns = 64

// benchSecret signs the benchmarks' deliveries.
const benchSecret = "bench-app-secret"

// webhookSide is one server under measurement: where it listens, the table
// and queue it calls, and what its deliveries cost.
type webhookSide struct {
	client    *fasthttp.HostClient
	table     *persistencetest.CountingTable
	queue     *sendOnlyQueue
	latencies []time.Duration
	elapsed   time.Duration
	failed    int
}

// reset forgets what was measured so far.
func (s *webhookSide) reset() {
	s.table.Reads.Store(0)
	s.table.Writes.Store(0)
	s.queue.sends.Store(0)
	s.latencies, s.elapsed, s.failed = s.latencies[:0], 0, 0
}

// post posts the deliveries of messages from to from+n, webhookConns at a
// time, and adds their cost.
func (s *webhookSide) post(b *testing.B, from, n int) {
	start := time.Now()
	latencies, failed := postDeliveries(s.client, from, n)
	s.elapsed += time.Since(start)
	s.latencies = append(s.latencies, latencies...)
	s.failed += failed
}

func (s *webhookSide) perSecond() float64 { return float64(len(s.latencies)) / s.elapsed.Seconds() }

func (s *webhookSide) perMessage(n int64) float64 { return float64(n) / float64(len(s.latencies)) }

// percentile is the p-th percentile of the latencies, in milliseconds.
func (s *webhookSide) percentile(p int) float64 {
	sorted := slices.Sorted(slices.Values(s.latencies))
	return ms(sorted[len(sorted)*p/100])
}

// startWebhookApp runs the whole application over a latency table and an
// SQS-like queue until b ends.
func startWebhookApp(b *testing.B) *webhookSide {
	side := &webhookSide{
		table: &persistencetest.CountingTable{Table: latencyTable{Table: memory.New(), latency: callLatency}},
		queue: &sendOnlyQueue{latency: callLatency},
	}
	model := httptest.NewServer(http.HandlerFunc(answerModel))
	b.Cleanup(model.Close)
	cfg := load(b, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"MESSAGING_APP_SECRET": benchSecret, "RECOVERY_INTERVAL": "1h", "SYNC_INTERVAL": "1h",
	})
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(),
		runtime.Options{Table: side.table, Queue: side.queue, Sender: messaging.NewStub(zap.NewNop())})
	if err != nil {
		b.Fatal(err)
	}
	side.client = serveUntilCleanup(b, func(ctx context.Context, ln net.Listener) error { return app.Run(ctx, ln) })
	return side
}

// serveUntilCleanup runs serve on a local listener until b ends and returns
// a client of webhookConns connections to it.
func serveUntilCleanup(b *testing.B, serve func(context.Context, net.Listener) error) *fasthttp.HostClient {
	ln := listen(b)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln) }()
	client := &fasthttp.HostClient{Addr: ln.Addr().String(), MaxConns: webhookConns}
	b.Cleanup(func() {
		client.CloseIdleConnections()
		stop()
		if err := <-done; err != nil {
			b.Error(err)
		}
	})
	return client
}

// postDeliveries posts the signed one-message deliveries of messages from to
// from+n over webhookConns connections and returns each one's latency and
// how many were not answered 200.
func postDeliveries(client *fasthttp.HostClient, from, n int) ([]time.Duration, int) {
	latencies := make([]time.Duration, n)
	var failed atomic.Int64
	postEach(webhookConns, n, func(i int, req *fasthttp.Request, res *fasthttp.Response) bool {
		body := fmt.Appendf(nil, benchDelivery, from+i, from+i, time.Now().Unix())
		webhookPost(req, client.Addr, body)
		req.Header.Set(cloudapi.SignatureHeader, cloudapi.Signature(benchSecret, body))
		sent := time.Now()
		err := client.DoTimeout(req, res, time.Minute)
		latencies[i] = time.Since(sent)
		if err != nil || res.StatusCode() != fasthttp.StatusOK {
			failed.Add(1)
		}
		return true
	})
	return latencies, int(failed.Load())
}

// reportWebhook reports the application's figures and prints both sides
// with their ratios.
func reportWebhook(b *testing.B, hook, bare *webhookSide) {
	ratio := hook.perSecond() / bare.perSecond()
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(hook.perSecond(), "req/s")
	b.ReportMetric(bare.perSecond(), "bare-req/s")
	b.ReportMetric(ratio, "ratio")
	b.ReportMetric(hook.perMessage(hook.table.Requests()), "table-req/msg")
	b.ReportMetric(hook.perMessage(hook.queue.sends.Load()), "queue-sends/msg")

	var out strings.Builder
	w := tabwriter.NewWriter(&out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "\t%d messages, %s a call\treq/s\tp50 ms\tp99 ms\ttable req/msg\ttable writes/msg\tqueue sends/msg\tnot 200\t\n",
		len(hook.latencies), callLatency)
	for _, side := range []struct {
		name string
		s    *webhookSide
	}{{"webhook", hook}, {"bare handler", bare}} {
		s := side.s
		fmt.Fprintf(w, "\t%s\t%.0f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%d\t\n", side.name, s.perSecond(),
			s.percentile(50), s.percentile(99), s.perMessage(s.table.Requests()), s.perMessage(s.table.Writes.Load()),
			s.perMessage(s.queue.sends.Load()), s.failed)
	}
	fmt.Fprintf(w, "\twebhook ÷ bare\t%.3f\t%.2f×\t%.2f×\t%.2f×\t\t%.2f×\t\t\n", ratio,
		hook.percentile(50)/bare.percentile(50), hook.percentile(99)/bare.percentile(99),
		float64(hook.table.Requests())/float64(bare.table.Requests()),
		float64(hook.queue.sends.Load())/float64(bare.queue.sends.Load()))
	_ = w.Flush()
	b.Logf("webhook against a table and a queue that take %s a call\n%s", callLatency, out.String())
}

// BenchmarkWebhookBacklogged measures the webhook of the application while
// its turns are far behind: backlogTurns accepted messages of as many
// phones wait for their turn in the in-process queue, fed by a sender that
// waits for room (as the recovery sweep does), so the queue stays full
// during the whole measurement while turns keep running (the model and
// messaging fakes answer at once). Every table call takes callLatency.
// Meanwhile webhookConns connections post b.N signed one-message
// deliveries, each a new message of a new phone; with the queue full, each
// is recorded and left to the recovery sweep.
//
// Two turn sides: one whose consumer hands at most 500 messages per second
// to the conversations, and one that runs as fast as the queue lets it: as
// fast as turns go until the queue refuses the webhook while the CPU is
// short, then at the queue's floor pace (queue/inprocess/pace.go).
//
// It reports the webhook's latency (p50, p99) and the accepted deliveries
// per second, and how much of the backlog was still waiting at the end (it
// must not have run dry). Run it with a fixed count, e.g. -benchtime
// 20000x. No test asserts on these numbers.
func BenchmarkWebhookBacklogged(b *testing.B) {
	b.Run("turns=500/s", func(b *testing.B) { benchWebhookBacklogged(b, time.Second/500) })
	b.Run("turns=unbounded", func(b *testing.B) { benchWebhookBacklogged(b, 0) })
}

// benchWebhookBacklogged runs the benchmark with a consumer that hands over
// one message per turnEvery (0: as fast as it can).
func benchWebhookBacklogged(b *testing.B, turnEvery time.Duration) {
	const backlogTurns = 10_000
	model := httptest.NewServer(http.HandlerFunc(answerModel))
	b.Cleanup(model.Close)
	cfg := load(b, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"MESSAGING_APP_SECRET": benchSecret,
		"DEBOUNCE_WINDOW":      "20ms", "DEBOUNCE_MAX_WAIT": "200ms",
		"RECOVERY_INTERVAL": "1h", "SYNC_INTERVAL": "1h",
	})
	inner, err := inprocess.New(inprocess.Config{Consumers: cfg.Queue.Concurrency}, zap.NewNop())
	if err != nil {
		b.Fatal(err)
	}
	q := slowQueue{Queue: inner, every: turnEvery}
	mem := memory.New()
	backlog := recordBacklog(b, mem, backlogTurns) // before the latency: set-up, not measured
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{
		Table: latencyTable{Table: mem, latency: callLatency}, Queue: q, Sender: messaging.NewStub(zap.NewNop()),
	})
	if err != nil {
		b.Fatal(err)
	}
	// Cleanups run last in first out: feeding stops before the app does.
	client := serveUntilCleanup(b, func(ctx context.Context, ln net.Listener) error { return app.Run(ctx, ln) })
	feedCtx, stopFeeding := context.WithCancel(context.Background())
	var feeding sync.WaitGroup
	var fed atomic.Int64
	feeding.Go(func() {
		for _, m := range backlog {
			if q.Send(feedCtx, m) != nil {
				return
			}
			fed.Add(1)
		}
	})
	b.Cleanup(func() {
		stopFeeding()
		feeding.Wait()
	})
	waitFull(b, inner)

	b.ResetTimer()
	start := time.Now()
	latencies, failed := postDeliveries(client, 0, b.N)
	elapsed := time.Since(start)
	b.StopTimer()
	left := int64(len(backlog)) - fed.Load()

	slices.Sort(latencies)
	b.ReportMetric(ms(latencies[len(latencies)/2]), "p50-ms")
	b.ReportMetric(ms(latencies[len(latencies)*99/100]), "p99-ms")
	b.ReportMetric(float64(b.N-failed)/elapsed.Seconds(), "accepted/s")
	b.ReportMetric(float64(left), "backlog-unqueued")
	if failed > 0 {
		b.Logf("%d of %d deliveries not answered 200", failed, b.N)
	}
	if left == 0 && b.N > webhookConns {
		b.Logf("the backlog ran dry during the measurement: raise backlogTurns or lower -benchtime")
	}
}

// slowQueue is the in-process queue with a consumer that hands over one
// message per tick of every, whatever its number of goroutines; every 0
// leaves it as it is.
type slowQueue struct {
	*inprocess.Queue
	every time.Duration
}

func (s slowQueue) Run(ctx context.Context, handle queue.Handler) error {
	if s.every == 0 {
		return s.Queue.Run(ctx, handle)
	}
	tick := time.NewTicker(s.every)
	defer tick.Stop()
	return s.Queue.Run(ctx, func(ctx context.Context, m queue.Message) error {
		select {
		case <-tick.C:
		case <-ctx.Done():
			return ctx.Err()
		}
		return handle(ctx, m)
	})
}

// benchDelivery is a one-message envelope; %d: phone, message ID, timestamp.
const benchDelivery = `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
	`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},` +
	`"messages":[{"from":"55219%08d","id":"wamid.hook.%d","timestamp":"%d","type":"text","text":{"body":"Olá, preciso de um orçamento"}}]}}]}]}`

// recordBacklog records n accepted messages, one per phone, as the webhook
// does before it answers, and returns their queue messages.
func recordBacklog(b *testing.B, table persistence.Table, n int) []domain.QueueMessage {
	receipts := persistence.NewReceipts(table)
	msgs := make([]domain.QueueMessage, 0, n)
	now := time.Now().UTC()
	for i := range n {
		turn := domain.InboundTurn{
			PhoneNumber: fmt.Sprintf("+55119%08d", i), MessageID: "wamid.backlog." + strconv.Itoa(i),
			Content: "Olá, preciso de um orçamento", ReceivedAt: now, Instance: "instance_a",
		}
		if err := receipts.Record(context.Background(), persistence.NewReceipt(turn, now)); err != nil {
			b.Fatal(err)
		}
		msgs = append(msgs, turn.QueueMessage())
	}
	return msgs
}

// waitFull waits until the queue has no room left: the backlog is queued.
func waitFull(b *testing.B, q *inprocess.Queue) {
	deadline := time.Now().Add(time.Minute)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		err := q.Send(ctx, domain.QueueMessage{PhoneNumber: "+5511000000000", MessageID: "wamid.probe"})
		cancel()
		if err != nil {
			return // it waited for room and found none
		}
		if time.Now().After(deadline) {
			b.Fatal("the backlog never filled the queue")
		}
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// answerModel answers every model call at once with a continue-answer, in
// the Responses API shape.
func answerModel(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{"id":"resp_1","object":"response","status":"completed","model":"test-model",` +
		`"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"{\"s\":0,\"qualification_data\":{}} Olá! Recebi sua mensagem."}]}],` +
		`"usage":{"input_tokens":12,"output_tokens":7,"total_tokens":19}}`))
}
