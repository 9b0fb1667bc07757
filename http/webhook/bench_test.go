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

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence/memory"
)

// counter is an Enqueuer that only counts, so a long run does not grow.
type counter struct{ n atomic.Int64 }

func (c *counter) Send(context.Context, domain.QueueMessage) error {
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
	return body, cloudapi.Signature(testSecret, body)
}

func webhookApp(b *testing.B) (*fiber.App, *counter) {
	q := &counter{}
	platform := newPlatform(b, cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a", "instance_b"}}, AppSecret: testSecret})
	// The clock is the envelopes' time: older than MaxAge, they would be dropped.
	now := func() time.Time { return time.Unix(1772366400, 0) }
	handler := newHandler(b, webhook.Config{}, inbound.Config{Now: now}, platform, inbound.Deps{Table: memory.New(), Queue: q}, zap.NewNop())
	return newApp(handler), q
}

// BenchmarkWebhook profiles the handler's own work per message (signature,
// parsing, validation, the receipt's put into the memory table) through two
// transports: app.Test (what the tests use) and an in-memory listener with a
// fasthttp client. It is for profiles and allocation counts, not a target:
// what production pays per message, round trips to a table and a queue that
// take milliseconds, is runtime's BenchmarkWebhook. No test asserts on time.
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

// A sender posts the i-th benchmark envelope and fails b on any answer but
// 200. Each transport makes one per app.
type sender func(i int)

// appTestSender posts through app.Test.
func appTestSender(b *testing.B, app *fiber.App) sender {
	return func(i int) {
		body, sig := benchBody(i)
		req := httptest.NewRequest(fiber.MethodPost, "/webhook", bytes.NewReader(body))
		req.Header.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
		req.Header.Set(cloudapi.SignatureHeader, sig)
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
		req.Header.Set(cloudapi.SignatureHeader, sig)
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
