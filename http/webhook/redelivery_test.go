package webhook_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/internal/clocktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

var errQueueDown = errors.New("queue down")

// deliver posts a signed envelope and returns the 200 summary.
func (h *harness) deliver(body []byte) webhook.Summary {
	h.t.Helper()
	status, answer := h.post("/webhook", body, true)
	var sum webhook.Summary
	if err := json.Unmarshal(answer, &sum); status != 200 || err != nil {
		h.t.Fatalf("answer %d %s, want 200 with a summary", status, answer)
	}
	return sum
}

func TestRedeliveryIsAcknowledgedNotProcessed(t *testing.T) {
	h := newHarness(t)
	body := readFile(t, "multi_entry.json")
	h.deliver(body)
	before := h.receipts()

	sum := h.deliver(body)
	if sum.Accepted != 0 || sum.Duplicates != 3 {
		t.Errorf("redelivery summary %+v, want 3 duplicates", sum)
	}
	if q := h.queueIDs(); len(q) != 3 {
		t.Errorf("queue %v after a redelivery, want the 3 messages once", q)
	}
	if after := h.receipts(); !reflect.DeepEqual(before, after) {
		t.Errorf("a redelivery rewrote receipts:\nbefore %+v\nafter  %+v", before, after)
	}
}

func TestInternalRedeliveryIsDuplicate(t *testing.T) {
	h := newHarness(t)
	body := readFile(t, "internal_with_id.json")
	for i, want := range []bool{false, true} {
		status, answer := h.post("/webhook/internal", body, true)
		var reply webhook.InternalReply
		if err := json.Unmarshal(answer, &reply); status != 200 || err != nil || reply.MessageID != "internal-42" || reply.Duplicate != want {
			t.Fatalf("delivery %d: %d %s, want duplicate=%v", i+1, status, answer, want)
		}
	}
	if q := h.queueIDs(); !slices.Equal(q, []string{"internal-42"}) {
		t.Errorf("queue %v, want internal-42 once", q)
	}
}

// A receipt written but not enqueued (the queue was down) is enqueued by the
// platform's redelivery, once.
func TestQueueFailureIsFinishedByTheRedelivery(t *testing.T) {
	h := newHarness(t)
	body := readFile(t, "one_message.json")
	h.queue.setFail(errQueueDown)
	status, answer := h.post("/webhook", body, true)
	wantError(t, status, answer, 500, "store_failed")
	if r := h.receipts(); len(r) != 1 || r[0].CompletedAt != nil || r[0].Claimed {
		t.Fatalf("receipts %+v, want one, not answered, claim released", r)
	}

	h.queue.setFail(nil)
	if sum := h.deliver(body); sum.Accepted != 1 {
		t.Errorf("redelivery summary %+v, want the message accepted", sum)
	}
	if sum := h.deliver(body); sum.Duplicates != 1 {
		t.Errorf("third delivery summary %+v, want a duplicate", sum)
	}
	if q := h.queueIDs(); !slices.Equal(q, []string{"wamid.ONE"}) {
		t.Errorf("queue %v, want wamid.ONE once", q)
	}
}

// When the table fails, the answer is 500, and what was stored is finished
// by the redelivery; the message that got through is not enqueued twice.
func TestTableFailures(t *testing.T) {
	receiptPrefix := persistence.ReceiptPK("")
	tests := []struct {
		name string
		file string
		// fail returns the failure of the nth call (from 1) of op on key.
		fail func(op string, key persistence.Key, n int) error
	}{
		{"receipt write", "one_message.json", func(op string, k persistence.Key, _ int) error {
			return failIf(op == "put" && k.SK == persistence.ReceiptSK)
		}},
		{"second message of the envelope", "multi_entry.json", func(op string, k persistence.Key, _ int) error {
			return failIf(op == "put" && k.PK == receiptPrefix+"wamid.A2")
		}},
		{"delivery status lookup", "statuses_only.json", func(op string, _ persistence.Key, _ int) error {
			return failIf(op == "queryindex")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			logOutbound(t, h)
			body := readFile(t, tt.file)
			calls := map[string]int{}
			h.table.setFail(func(op string, k persistence.Key) error {
				calls[op+" "+k.PK+" "+k.SK]++
				return tt.fail(op, k, calls[op+" "+k.PK+" "+k.SK])
			})
			status, answer := h.post("/webhook", body, true)
			wantError(t, status, answer, 500, "store_failed")
			queuedBefore := h.queueIDs()
			for _, r := range h.receipts() {
				if r.Claimed && !slices.Contains(queuedBefore, r.MessageID) {
					t.Errorf("receipt %s keeps the claim of a failed enqueue", r.MessageID)
				}
			}

			h.table.setFail(nil)
			sum := h.deliver(body)
			if sum.Accepted+len(queuedBefore) != len(h.queueIDs()) || sum.Duplicates != len(queuedBefore) {
				t.Errorf("redelivery summary %+v after %v were queued", sum, queuedBefore)
			}
			ids := h.queueIDs()
			if len(slices.Compact(slices.Sorted(slices.Values(ids)))) != len(ids) {
				t.Errorf("queue %v holds a message twice", ids)
			}
			for _, r := range h.receipts() {
				if !slices.Contains(ids, r.MessageID) || r.CompletedAt == nil {
					t.Errorf("receipt %s not enqueued after the redelivery (queue %v)", r.MessageID, ids)
				}
			}
		})
	}
}

func failIf(cond bool) error {
	if cond {
		return errTableDown
	}
	return nil
}

// A redelivery that cannot take the claim of a stored, unqueued message
// answers 500 and leaves it to the next one.
func TestRedeliveryCannotClaim(t *testing.T) {
	h := newHarness(t)
	body := readFile(t, "one_message.json")
	h.queue.setFail(errQueueDown)
	status, answer := h.post("/webhook", body, true)
	wantError(t, status, answer, 500, "store_failed")
	h.queue.setFail(nil)

	h.table.setFail(func(op string, k persistence.Key) error {
		return failIf(op == "update" && k.SK == persistence.ReceiptSK)
	})
	status, answer = h.post("/webhook", body, true)
	wantError(t, status, answer, 500, "store_failed")
	if len(h.queueIDs()) != 0 {
		t.Fatal("enqueued without the claim")
	}
	h.table.setFail(nil)
	if sum := h.deliver(body); sum.Accepted != 1 || !slices.Equal(h.queueIDs(), []string{"wamid.ONE"}) {
		t.Errorf("third delivery %+v, queue %v: want wamid.ONE accepted once", sum, h.queueIDs())
	}
}

// A delivery that cannot even release its claim (table and queue down
// together) leaves a fresh claim: redeliveries until the lease has passed
// are acknowledged as duplicates without enqueueing (the receipt keeps the
// message for the recovery sweep), then one of them enqueues.
func TestUnreleasedClaimIsTakenOverAfterTheLease(t *testing.T) {
	h := newHarness(t)
	body := readFile(t, "one_message.json")
	h.queue.setFail(errQueueDown)
	h.table.setFail(func(op string, k persistence.Key) error {
		return failIf(op == "update" && k.SK == persistence.ReceiptSK) // the release fails
	})
	status, answer := h.post("/webhook", body, true)
	wantError(t, status, answer, 500, "store_failed")
	h.table.setFail(nil)
	h.queue.setFail(nil)

	if sum := h.deliver(body); sum.Duplicates != 1 || sum.Accepted != 0 {
		t.Errorf("redelivery within the lease %+v, want a duplicate", sum)
	}
	if len(h.queueIDs()) != 0 {
		t.Fatal("a delivery without the claim enqueued")
	}

	h.clock.Advance(31 * time.Second)
	if sum := h.deliver(body); sum.Accepted != 1 {
		t.Errorf("after the lease: %+v, want the message accepted", sum)
	}
	if q := h.queueIDs(); !slices.Equal(q, []string{"wamid.ONE"}) {
		t.Errorf("queue %v, want wamid.ONE once", q)
	}
}

// Only a turn's mark (the commit stamps dispatched_at with completed_at)
// makes a redelivery a turn's duplicate. Before it, a redelivery within the
// lease is acknowledged without enqueueing (the receipt is durable: were
// the enqueue lost, the recovery sweep finds it); after the lease it
// enqueues again, and the conversation recognises the copy.
func TestUnansweredMessage(t *testing.T) {
	h := newHarness(t)
	h.queue.consumer = nil // no consumer keeps up
	body := readFile(t, "one_message.json")
	if sum := h.deliver(body); sum.Accepted != 1 {
		t.Fatalf("first delivery %+v, want accepted", sum)
	}
	if sum := h.deliver(body); sum.Duplicates != 1 || sum.Accepted != 0 {
		t.Errorf("redelivery within the lease %+v, want a duplicate", sum)
	}

	h.clock.Advance(31 * time.Second)
	if sum := h.deliver(body); sum.Accepted != 1 {
		t.Errorf("redelivery after the lease %+v, want the message enqueued again", sum)
	}
	if err := persistence.NewReceipts(h.table).Complete(context.Background(), "wamid.ONE", h.clock.Now()); err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(time.Hour)
	if sum := h.deliver(body); sum.Duplicates != 1 {
		t.Errorf("redelivery after the answer %+v, want a duplicate", sum)
	}
	if q := h.queueIDs(); !slices.Equal(q, []string{"wamid.ONE", "wamid.ONE"}) {
		t.Errorf("queue %v, want the first send and the one after the lease", q)
	}
}

// blockingQueue holds the first Send until release is closed; later sends
// go through, so a broken claim shows as a second message, not a hang.
type blockingQueue struct {
	recorder
	first   atomic.Bool
	entered chan struct{}
	release chan struct{}
}

func (b *blockingQueue) Send(ctx context.Context, m domain.QueueMessage) error {
	if b.first.CompareAndSwap(false, true) {
		close(b.entered)
		<-b.release
	}
	return b.recorder.Send(ctx, m)
}

// While one delivery is enqueueing, another delivery of the same message is
// acknowledged (200, a duplicate) without a second enqueue: the receipt is
// already written.
func TestDeliveryDuringAnotherDeliverysEnqueue(t *testing.T) {
	clk := clocktest.New(testStart)
	table := memory.New(memory.WithClock(clk.Now))
	q := &blockingQueue{entered: make(chan struct{}), release: make(chan struct{})}
	q.consumer = &consumer{receipts: persistence.NewReceipts(table), now: clk.Now}
	platform := newPlatform(t, cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a"}, Now: clk.Now}})
	handler := newHandler(t, webhook.Config{}, inbound.Config{Now: clk.Now}, platform, inbound.Deps{Table: table, Queue: q}, zap.NewNop())
	h := &harness{t: t, app: newApp(handler), clock: clk}
	body := readFile(t, "one_message.json")

	var wg sync.WaitGroup
	var firstStatus int
	wg.Go(func() { firstStatus, _ = h.post("/webhook", body, false) })
	<-q.entered
	status, answer := h.post("/webhook", body, false)
	var during webhook.Summary
	if err := json.Unmarshal(answer, &during); status != 200 || err != nil || during.Duplicates != 1 {
		t.Errorf("delivery during the enqueue answered %d %s, want 200 with a duplicate", status, answer)
	}
	close(q.release)
	wg.Wait()
	if firstStatus != 200 {
		t.Errorf("first delivery answered %d, want 200", firstStatus)
	}
	if sum := h.deliver(body); sum.Duplicates != 1 {
		t.Errorf("later delivery %+v, want a duplicate", sum)
	}
	if got := q.sent(); len(got) != 1 {
		t.Errorf("queue %v, want one message", got)
	}
}
