package webhook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/internal/clocktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

const (
	testSecret      = "app-secret-for-tests"
	testVerifyToken = "verify-token-for-tests"
)

// testStart is the tests' "now". The memory table runs on the same clock, so
// receipts expire exactly when their ttl says. It is a quarter of an hour
// after the timestamps of testdata (12:00 to 12:10), which the parser would
// otherwise clamp as dated in the future.
var testStart = time.Date(2026, 3, 1, 12, 15, 0, 0, time.UTC)

// harness is one handler mounted on a fiber app over a memory table and a
// recording queue whose consumer keeps up.
type harness struct {
	t     testing.TB
	app   *fiber.App
	table *faultyTable
	queue *recorder
	clock *clocktest.Clock
}

type option func(*cloudapi.WebhookConfig)

func withoutSecret(c *cloudapi.WebhookConfig)      { c.AppSecret = "" }
func withoutVerifyToken(c *cloudapi.WebhookConfig) { c.VerifyToken = "" }

// newPlatform is the Cloud API's side of the webhook, as the runtime builds it.
func newPlatform(t testing.TB, cfg cloudapi.WebhookConfig) *cloudapi.Webhook {
	t.Helper()
	p, err := cloudapi.NewWebhook(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func newHarness(t testing.TB, opts ...option) *harness {
	t.Helper()
	return newHarnessWith(t, webhook.Config{}, inbound.Config{}, nil, opts...)
}

// newHarnessWith is newHarness with the handler's and acceptance's
// configurations (the clock is the harness's) and a wrapper around the table
// the handler sees (nil for none); the harness inspects the table itself.
func newHarnessWith(t testing.TB, wcfg webhook.Config, icfg inbound.Config, wrap func(persistence.Table) persistence.Table, opts ...option) *harness {
	t.Helper()
	clk := clocktest.New(testStart)
	table := &faultyTable{Table: memory.New(memory.WithClock(clk.Now))}
	h := &harness{
		t:     t,
		table: table,
		queue: &recorder{consumer: &consumer{receipts: persistence.NewReceipts(table.Table), now: clk.Now}},
		clock: clk,
	}
	cfg := cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a", "instance_b"}, Now: clk.Now},
		AppSecret:    testSecret,
		VerifyToken:  testVerifyToken,
	}
	for _, o := range opts {
		o(&cfg)
	}
	var seen persistence.Table = h.table
	if wrap != nil {
		seen = wrap(h.table)
	}
	icfg.Now = clk.Now
	h.app = newApp(newHandler(t, wcfg, icfg, newPlatform(t, cfg), inbound.Deps{Table: seen, Queue: h.queue}, zap.NewNop()))
	return h
}

// newHandler wires the handler as the runtime does: one inbound.Acceptor
// over deps behind both POST routes, the handler on the same table.
func newHandler(t testing.TB, wcfg webhook.Config, icfg inbound.Config, platform webhook.Platform, deps inbound.Deps, logger *zap.Logger) *webhook.Handler {
	t.Helper()
	acceptor, err := inbound.New(icfg, deps, logger)
	if err != nil {
		t.Fatal(err)
	}
	handler, err := webhook.New(wcfg, webhook.Deps{Platform: platform, Table: deps.Table, Inbound: acceptor}, logger)
	if err != nil {
		t.Fatal(err)
	}
	return handler
}

// newApp mounts handler as the runtime should: the JSON error handler and
// the webhook's body limit.
func newApp(handler *webhook.Handler) *fiber.App {
	app := fiber.New(fiber.Config{
		ErrorHandler:          httperr.Handler,
		BodyLimit:             webhook.MaxBodyBytes,
		DisableStartupMessage: true,
	})
	handler.Register(app)
	return app
}

// post sends body to path, signed with the test secret when signed is true,
// and returns the status and body of the answer.
func (h *harness) post(path string, body []byte, signed bool) (int, []byte) {
	h.t.Helper()
	header := ""
	if signed {
		header = cloudapi.Signature(testSecret, body)
	}
	return h.postWith(path, body, header)
}

// postWith sends body with the given X-Hub-Signature-256 ("" for none).
func (h *harness) postWith(path string, body []byte, signature string) (int, []byte) {
	h.t.Helper()
	return h.do(request(path, body, signature))
}

// request is a JSON POST of body to path with signature ("" for none).
func request(path string, body []byte, signature string) *http.Request {
	req := httptest.NewRequest(fiber.MethodPost, path, bytes.NewReader(body))
	req.Header.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	if signature != "" {
		req.Header.Set(cloudapi.SignatureHeader, signature)
	}
	return req
}

func (h *harness) do(req *http.Request) (int, []byte) {
	h.t.Helper()
	res, err := h.app.Test(req, -1)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	return res.StatusCode, out
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// receipts returns every receipt in the table, by message ID.
func (h *harness) receipts() []storedReceipt {
	h.t.Helper()
	out := []storedReceipt{}
	for _, item := range h.scan(persistence.ReceiptSK) {
		r, err := persistence.DecodeReceipt(item)
		if err != nil {
			h.t.Fatal(err)
		}
		out = append(out, storedReceipt{Receipt: r, Claimed: r.EnqueueClaim != ""})
	}
	slices.SortFunc(out, func(a, b storedReceipt) int { return strings.Compare(a.MessageID, b.MessageID) })
	return out
}

// storedReceipt is a receipt and whether it holds the webhook's claim.
type storedReceipt struct {
	persistence.Receipt
	Claimed bool `json:"claimed"`
}

// pending returns the pending markers, by phone.
func (h *harness) pending() map[string][]string {
	h.t.Helper()
	out := map[string][]string{}
	for _, item := range h.scan(persistence.LatestSK) {
		m, err := persistence.DecodeLatestMarker(item)
		if err != nil {
			h.t.Fatal(err)
		}
		out[m.PhoneNumber] = m.PendingMessageIDs
	}
	return out
}

func (h *harness) scan(sk string) []persistence.Item {
	h.t.Helper()
	var items []persistence.Item
	cursor := ""
	for {
		page, err := h.table.Scan(context.Background(), persistence.Scan{
			Filter: persistence.Equal(persistence.AttrSK, sk).Ptr(),
			Cursor: cursor,
		})
		if err != nil {
			h.t.Fatal(err)
		}
		items = append(items, page.Items...)
		if page.Next == "" {
			return items
		}
		cursor = page.Next
	}
}

// queueIDs returns the message IDs of the queue messages, by phone, each
// phone's in send order (see recorder.sent).
func (h *harness) queueIDs() []string {
	var ids []string
	for _, m := range h.queue.sent() {
		ids = append(ids, m.MessageID)
	}
	return ids
}

// wantError checks an error answer's status and code.
func wantError(t testing.TB, status int, body []byte, wantStatus int, wantCode string) {
	t.Helper()
	var e httperr.Body
	if err := json.Unmarshal(body, &e); err != nil || status != wantStatus || e.Error.Code != wantCode || e.Error.Message == "" {
		t.Fatalf("answer %d %s, want %d with error code %q", status, body, wantStatus, wantCode)
	}
}
