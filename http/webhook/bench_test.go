package webhook_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// The benchmarks measure requests per second of a signed one-message
// envelope through the real handler (memory table, counting queue) against a
// bare fiber handler that answers 200, over the same transport and with the
// same client work (building and signing a body with a new message ID and
// sender), so the ratio webhook/bare is the handler's own cost. Two
// transports: app.Test (what the tests use) and an in-memory listener with a
// fasthttp client (closer to a served app). make bench runs them; no test
// asserts on time.

// counter is an Enqueuer that only counts, so a long run does not grow.
type counter struct{ n atomic.Int64 }

func (c *counter) Send(context.Context, persistence.QueueMessage) error {
	c.n.Add(1)
	return nil
}

const benchEnvelope = `{"object":"whatsapp_business_account","entry":[{"id":"WABA_1","changes":[{"field":"messages","value":{` +
	`"messaging_product":"whatsapp","metadata":{"display_phone_number":"15550001111","phone_number_id":"PNID_1"},` +
	`"contacts":[{"profile":{"name":"Ana Souza"},"wa_id":"55119%08d"}],` +
	`"messages":[{"from":"55119%08d","id":"wamid.bench.%d","timestamp":"1772366400","type":"text",` +
	`"text":{"body":"Olá, preciso de um orçamento para um laudo"}}]}}]}]}`

// benchBody returns the i-th envelope and its signature: a new message ID
// (so deduplication never short-circuits) from a new sender (so no pending
// marker grows without a consumer to drain it).
func benchBody(i int) ([]byte, string) {
	body := fmt.Appendf(nil, benchEnvelope, i, i, i)
	return body, webhook.Signature(testSecret, body)
}

func webhookApp(b *testing.B) (*fiber.App, *counter) {
	q := &counter{}
	handler, err := webhook.New(webhook.Config{AppSecret: testSecret, Instances: []string{"instance_a", "instance_b"}},
		webhook.Deps{Table: memory.New(), Queue: q}, zap.NewNop())
	if err != nil {
		b.Fatal(err)
	}
	return newApp(handler), q
}

func bareApp() *fiber.App {
	app := fiber.New(fiber.Config{BodyLimit: webhook.MaxBodyBytes, DisableStartupMessage: true})
	app.Post("/webhook", func(c *fiber.Ctx) error { return c.SendStatus(fiber.StatusOK) })
	return app
}

func BenchmarkWebhook(b *testing.B) {
	for _, tr := range transports {
		b.Run(tr.name, func(b *testing.B) {
			app, q := webhookApp(b)
			run(b, tr.new(b, app))
			if q.n.Load() != int64(b.N) {
				b.Fatalf("%d enqueued for %d requests", q.n.Load(), b.N)
			}
		})
	}
}

func BenchmarkBareFiber(b *testing.B) {
	for _, tr := range transports {
		b.Run(tr.name, func(b *testing.B) { run(b, tr.new(b, bareApp())) })
	}
}

// A sender posts the i-th benchmark envelope and fails b on any answer but
// 200. Each transport makes one per app.
type sender func(i int)

// appTestSender posts through app.Test.
func appTestSender(b *testing.B, app *fiber.App) sender {
	return func(i int) {
		body, sig := benchBody(i)
		req := httptest.NewRequest(fiber.MethodPost, "/webhook", bytes.NewReader(body))
		req.Header.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
		req.Header.Set(webhook.SignatureHeader, sig)
		res, err := app.Test(req, -1)
		if err != nil {
			b.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			b.Fatalf("status %d", res.StatusCode)
		}
	}
}

// inMemorySender posts over an in-memory listener with a keep-alive fasthttp
// client; the app is served until b ends.
func inMemorySender(b *testing.B, app *fiber.App) sender {
	dial := serve(b, app)
	client := &fasthttp.HostClient{Addr: "intake", Dial: func(string) (net.Conn, error) { return dial() }}
	req, res := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	b.Cleanup(func() {
		fasthttp.ReleaseRequest(req)
		fasthttp.ReleaseResponse(res)
		client.CloseIdleConnections()
	})
	return func(i int) {
		body, sig := benchBody(i)
		req.Reset()
		req.SetRequestURI("http://intake/webhook")
		req.Header.SetMethod(fiber.MethodPost)
		req.Header.SetContentType(fiber.MIMEApplicationJSON)
		req.Header.Set(webhook.SignatureHeader, sig)
		req.SetBody(body)
		if err := client.Do(req, res); err != nil {
			b.Fatal(err)
		}
		if res.StatusCode() != 200 {
			b.Fatalf("status %d: %s", res.StatusCode(), res.Body())
		}
	}
}

var transports = []struct {
	name string
	new  func(*testing.B, *fiber.App) sender
}{{"apptest", appTestSender}, {"inmemory", inMemorySender}}

// run sends b.N envelopes and reports requests per second.
func run(b *testing.B, send sender) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		send(i)
		i++
	}
	reportRate(b)
}

func reportRate(b *testing.B) {
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, "req/s")
	}
}

// BenchmarkWebhookRatio reports the figure directly: webhook
// requests/s as a ratio to the bare handler's, over each transport. The two
// run interleaved in chunks, so a change of load on a shared machine weighs
// on both alike instead of skewing the ratio.
func BenchmarkWebhookRatio(b *testing.B) {
	const chunk = 200
	for _, tr := range transports {
		b.Run(tr.name, func(b *testing.B) {
			hook, _ := webhookApp(b)
			postHook, postBare := tr.new(b, hook), tr.new(b, bareApp())
			var hookTime, bareTime time.Duration
			for done := 0; done < b.N; done += chunk {
				n := min(chunk, b.N-done)
				start := time.Now()
				for i := range n {
					postHook(done + i)
				}
				hookTime += time.Since(start)
				start = time.Now()
				for i := range n {
					postBare(done + i)
				}
				bareTime += time.Since(start)
			}
			b.ReportMetric(bareTime.Seconds()/hookTime.Seconds(), "ratio")
			b.ReportMetric(float64(b.N)/hookTime.Seconds(), "webhook-req/s")
			b.ReportMetric(float64(b.N)/bareTime.Seconds(), "bare-req/s")
		})
	}
}
