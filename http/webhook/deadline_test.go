package webhook_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence"
)

// slowTable delays every call the webhook makes by delay, or, while stalled,
// holds it until its context ends (a table that does not answer), and
// counts the calls in flight at once, the inner table's call included.
type slowTable struct {
	persistence.Table
	delay          time.Duration
	stalled        atomic.Bool
	inflight, peak atomic.Int64
}

// enter waits as the table is set to, and returns the function that ends
// the call; err is the context's when it ended first.
func (s *slowTable) enter(ctx context.Context) (leave func(), err error) {
	n := s.inflight.Add(1)
	leave = func() { s.inflight.Add(-1) }
	for p := s.peak.Load(); n > p && !s.peak.CompareAndSwap(p, n); p = s.peak.Load() {
	}
	if s.stalled.Load() {
		<-ctx.Done()
		return leave, ctx.Err()
	}
	select {
	case <-time.After(s.delay):
		return leave, nil
	case <-ctx.Done():
		return leave, ctx.Err()
	}
}

func (s *slowTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	leave, err := s.enter(ctx)
	defer leave()
	if err != nil {
		return nil, err
	}
	return s.Table.Get(ctx, key)
}

func (s *slowTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	leave, err := s.enter(ctx)
	defer leave()
	if err != nil {
		return err
	}
	return s.Table.Put(ctx, item, cond)
}

func (s *slowTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	leave, err := s.enter(ctx)
	defer leave()
	if err != nil {
		return nil, err
	}
	return s.Table.Update(ctx, key, upd, cond)
}

// envelope is a platform envelope of n text messages, one per phone when
// phones is n, sent at sentAt.
func envelope(n, phones int, sentAt time.Time) []byte {
	var b strings.Builder
	b.WriteString(`{"object":"whatsapp_business_account","entry":[{"id":"WABA_1","changes":[{"field":"messages","value":{` +
		`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID_1"},"messages":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"from":"55119%08d","id":"wamid.E%d","timestamp":"%d","type":"text","text":{"body":"m%d"}}`,
			i%phones, i, sentAt.Unix(), i)
	}
	b.WriteString(`]}}]}]}`)
	return []byte(b.String())
}

// TestStalledTableAnswers503InTime: with the table not answering, a delivery
// is answered 503 with Retry-After once StoreTimeout has passed, not after
// the table's own timeouts (70 s before).
func TestStalledTableAnswers503InTime(t *testing.T) {
	const storeTimeout = 200 * time.Millisecond
	var table *slowTable
	h := newHarnessWith(t, webhook.Config{StoreTimeout: storeTimeout}, inbound.Config{StoreTimeout: storeTimeout}, func(inner persistence.Table) persistence.Table {
		table = &slowTable{Table: inner}
		return table
	})
	table.stalled.Store(true)
	for _, path := range []string{"/webhook", "/webhook/internal"} {
		body := readFile(t, "one_message.json")
		if path == "/webhook/internal" {
			body = readFile(t, "internal_with_id.json")
		}
		req := signedRequest(path, body)
		start := time.Now()
		res, err := h.app.Test(req, int((storeTimeout + time.Second).Milliseconds()))
		if err != nil {
			t.Fatalf("%s: no answer within StoreTimeout + 1s: %v", path, err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get(fiber.HeaderRetryAfter) == "" {
			t.Errorf("%s: %d with Retry-After %q after %v, want 503 with Retry-After", path, res.StatusCode, res.Header.Get(fiber.HeaderRetryAfter), time.Since(start))
		}
	}
	if got := h.queueIDs(); len(got) != 0 {
		t.Errorf("queued %v while the table was stalled", got)
	}
	table.stalled.Store(false)
	if status, body := h.post("/webhook", readFile(t, "one_message.json"), true); status != 200 {
		t.Errorf("redelivery after the stall: %d %s", status, body)
	}
}

// TestEnvelopeAcceptsPhonesConcurrently: the receipts of one envelope's
// phones are written at once, within the bound; one phone's messages stay in
// order.
func TestEnvelopeAcceptsPhonesConcurrently(t *testing.T) {
	const concurrency = 8
	var table *slowTable
	h := newHarnessWith(t, webhook.Config{Concurrency: concurrency}, inbound.Config{}, func(inner persistence.Table) persistence.Table {
		table = &slowTable{Table: inner, delay: 5 * time.Millisecond}
		return table
	})
	const n, phones = 200, 50
	status, body := h.post("/webhook", envelope(n, phones, testStart), true)
	if status != 200 || !strings.Contains(string(body), fmt.Sprintf(`"accepted":%d`, n)) {
		t.Fatalf("answer %d %s", status, body)
	}
	if peak := table.peak.Load(); peak < 2 || peak > concurrency {
		t.Errorf("peak table calls in flight = %d, want between 2 and %d", peak, concurrency)
	}
	last := map[string]int{}
	for _, m := range h.queue.sent() {
		var i int
		fmt.Sscanf(m.MessageID, "wamid.E%d", &i)
		if prev, ok := last[m.PhoneNumber]; ok && i < prev {
			t.Errorf("phone %s: %s enqueued after wamid.E%d", m.PhoneNumber, m.MessageID, prev)
		}
		last[m.PhoneNumber] = i
	}
	if len(last) != phones {
		t.Errorf("%d phones enqueued, want %d", len(last), phones)
	}
}

// TestStaleDeliveryIsAcknowledgedAndDropped: a message older than MaxAge (a
// redelivery after its receipt expired) is acknowledged, counted and never
// enqueued; a fresh one beside it is.
func TestStaleDeliveryIsAcknowledgedAndDropped(t *testing.T) {
	h := newHarnessWith(t, webhook.Config{}, inbound.Config{MaxAge: 24 * time.Hour}, nil)
	old := envelope(1, 1, testStart.Add(-25*time.Hour))
	status, body := h.post("/webhook", old, true)
	if status != 200 || !strings.Contains(string(body), `"stale":1`) || !strings.Contains(string(body), `"accepted":0`) {
		t.Errorf("stale delivery: %d %s, want 200 with stale 1", status, body)
	}
	if len(h.queueIDs()) != 0 || len(h.receipts()) != 0 {
		t.Errorf("a stale delivery was queued %v or recorded %v", h.queueIDs(), h.receipts())
	}
	status, body = h.post("/webhook", envelope(1, 1, testStart.Add(-23*time.Hour)), true)
	if status != 200 || !strings.Contains(string(body), `"accepted":1`) {
		t.Errorf("fresh delivery: %d %s", status, body)
	}
}

// signedRequest is a POST of body to path, signed with the test secret.
func signedRequest(path string, body []byte) *http.Request {
	return request(path, body, cloudapi.Signature(testSecret, body))
}
