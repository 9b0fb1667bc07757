package runtime_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
	"github.com/intake-runtime/intake/runtime"
)

// BenchmarkWebhookBacklogged measures the webhook of the running emulator
// setup (memory table, in-process queue) while its turns are far behind:
// backlogTurns accepted messages of as many phones wait for their turn, fed
// into the in-process queue by a sender that waits for room (as the
// recovery sweep does), so the queue stays full during the whole
// measurement while turns keep running (the model and messaging fakes
// answer at once). Meanwhile webhookConns connections post b.N signed
// one-message deliveries, each a new message of a new phone.
//
// Two turn sides: one whose consumer hands at most 500 messages per second
// to the conversations (about the turn rate the issue measured on this
// machine), and one that runs flat out, where turns take every core and the
// emulator table's lock from the webhook.
//
// It reports the webhook's latency (p50, p99) and the accepted deliveries
// per second, the acceptance figures, and how much of the backlog
// was still waiting at the end (it must not have run dry). Run it with a
// fixed count, e.g. -benchtime 20000x. No test asserts on these numbers.
func BenchmarkWebhookBacklogged(b *testing.B) {
	b.Run("turns=500/s", func(b *testing.B) { benchWebhookBacklogged(b, time.Second/500) })
	b.Run("turns=unbounded", func(b *testing.B) { benchWebhookBacklogged(b, 0) })
}

// benchWebhookBacklogged runs the benchmark with a consumer that hands over
// one message per turnEvery (0: as fast as it can).
func benchWebhookBacklogged(b *testing.B, turnEvery time.Duration) {
	const (
		backlogTurns = 10_000
		webhookConns = 64
		secret       = "bench-app-secret"
	)
	model := httptest.NewServer(http.HandlerFunc(answerModel))
	b.Cleanup(model.Close)
	cfg := load(b, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"MESSAGING_APP_SECRET": secret,
		"DEBOUNCE_WINDOW":      "20ms", "DEBOUNCE_MAX_WAIT": "200ms",
		"RECOVERY_INTERVAL": "1h", "SYNC_INTERVAL": "1h",
	})
	inner, err := inprocess.New(inprocess.Config{Consumers: cfg.Queue.Concurrency}, zap.NewNop())
	if err != nil {
		b.Fatal(err)
	}
	q := slowQueue{Queue: inner, every: turnEvery}
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(),
		runtime.Options{Table: memory.New(), Queue: q, Sender: messaging.NewStub(zap.NewNop())})
	if err != nil {
		b.Fatal(err)
	}
	backlog := recordBacklog(b, app.Table(), backlogTurns)

	ln := listen(b)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()
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
	defer func() {
		stopFeeding()
		feeding.Wait()
		stop()
		if err := <-done; err != nil {
			b.Error(err)
		}
	}()
	waitFull(b, inner)

	client := &fasthttp.HostClient{Addr: ln.Addr().String(), MaxConns: webhookConns}
	defer client.CloseIdleConnections()
	latencies := make([]time.Duration, b.N)
	var next, ok, failed atomic.Int64
	var posting sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for range webhookConns {
		posting.Go(func() {
			req, res := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(res)
			for i := int(next.Add(1) - 1); i < b.N; i = int(next.Add(1) - 1) {
				body := fmt.Appendf(nil, benchDelivery, i, i, time.Now().Unix())
				req.Reset()
				req.SetRequestURI("http://" + client.Addr + "/webhook")
				req.Header.SetMethod(fasthttp.MethodPost)
				req.Header.SetContentType("application/json")
				req.Header.Set(webhook.SignatureHeader, webhook.Signature(secret, body))
				req.SetBody(body)
				sent := time.Now()
				err := client.DoTimeout(req, res, time.Minute)
				latencies[i] = time.Since(sent)
				if err == nil && res.StatusCode() == fasthttp.StatusOK {
					ok.Add(1)
				} else {
					failed.Add(1)
				}
			}
		})
	}
	posting.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	left := int64(len(backlog)) - fed.Load()

	slices.Sort(latencies)
	b.ReportMetric(ms(latencies[len(latencies)/2]), "p50-ms")
	b.ReportMetric(ms(latencies[len(latencies)*99/100]), "p99-ms")
	b.ReportMetric(float64(ok.Load())/elapsed.Seconds(), "accepted/s")
	b.ReportMetric(float64(left), "backlog-unqueued")
	if failed.Load() > 0 {
		b.Logf("%d of %d deliveries not answered 200", failed.Load(), b.N)
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
func recordBacklog(b *testing.B, table persistence.Table, n int) []persistence.QueueMessage {
	receipts := persistence.NewReceipts(table)
	msgs := make([]persistence.QueueMessage, 0, n)
	now := time.Now().UTC()
	for i := range n {
		turn := persistence.InboundTurn{
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
		err := q.Send(ctx, persistence.QueueMessage{PhoneNumber: "+5511000000000", MessageID: "wamid.probe"})
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
