package webhook_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/internal/clocktest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
)

var _ inbound.Enqueuer = (*inprocess.Queue)(nil)

// The same envelope delivered 20 times at once, through the in-process queue
// the emulator uses and a consumer that answers at once (completed_at): one
// receipt, one queue message. Every delivery is answered 200: accepted once,
// a duplicate for every other copy, whether a turn had answered it yet or
// not.
func TestConcurrentDeliveries(t *testing.T) {
	leaktest.Check(t)
	const deliveries = 20
	clk := clocktest.New(testStart)
	table := memory.New(memory.WithClock(clk.Now))
	q, err := inprocess.New(inprocess.Config{}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	consumed := make(chan queue.Message, deliveries+1)
	ctx, cancel := context.WithCancel(context.Background())
	var running sync.WaitGroup
	running.Go(func() {
		// Like a turn's commit, complete the receipt, then hand on.
		receipts := persistence.NewReceipts(table)
		_ = q.Run(ctx, func(ctx context.Context, m queue.Message) error {
			if m.MessageID != "sentinel" { // it has no receipt
				if err := receipts.Complete(ctx, m.MessageID, clk.Now()); err != nil {
					return err
				}
			}
			m.Turn = nil // compared below by its two spec fields
			consumed <- m
			return nil
		})
	})
	defer func() { cancel(); running.Wait() }()

	platform := newPlatform(t, cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a"}, Now: clk.Now}, AppSecret: testSecret})
	handler := newHandler(t, webhook.Config{}, inbound.Config{Now: clk.Now}, platform, inbound.Deps{Table: table, Queue: q}, zap.NewNop())
	h := &harness{t: t, app: newApp(handler), table: &faultyTable{Table: table}, clock: clk}
	body := readFile(t, "one_message.json")

	statuses := make([]int, deliveries)
	answers := make([][]byte, deliveries)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range deliveries {
		wg.Go(func() {
			<-start
			statuses[i], answers[i] = h.post("/webhook", body, true)
		})
	}
	close(start)
	wg.Wait()

	accepted := 0
	for i, status := range statuses {
		switch status {
		case 200:
			var sum webhook.Summary
			if err := json.Unmarshal(answers[i], &sum); err != nil {
				t.Fatal(err)
			}
			accepted += sum.Accepted
			if sum.Accepted+sum.Duplicates != 1 {
				t.Errorf("delivery %d: %+v, want the message accepted or a duplicate", i, sum)
			}
		default:
			t.Errorf("delivery %d answered %d %s", i, status, answers[i])
		}
	}
	if accepted != 1 {
		t.Errorf("%d deliveries accepted the message, want exactly 1", accepted)
	}

	// The queue has one consumer, so once a later sentinel arrives every
	// earlier message has been consumed.
	if err := q.Send(context.Background(), domain.QueueMessage{PhoneNumber: "+1", MessageID: "sentinel"}); err != nil {
		t.Fatal(err)
	}
	var got []queue.Message
	timeout := time.After(10 * time.Second)
	for len(got) == 0 || got[len(got)-1].MessageID != "sentinel" {
		select {
		case m := <-consumed:
			got = append(got, m)
		case <-timeout:
			t.Fatalf("consumed %v; the sentinel never came", got)
		}
	}
	want := queue.Message{PhoneNumber: "+5511988887777", MessageID: "wamid.ONE"}
	if len(got) != 2 || got[0] != want {
		t.Errorf("consumed %v, want %v once before the sentinel", got, want)
	}
	if r := h.receipts(); len(r) != 1 || r[0].CompletedAt == nil {
		t.Errorf("receipts %+v, want one, answered", r)
	}
	if sum := h.deliver(body); sum.Duplicates != 1 {
		t.Errorf("a later delivery: %+v, want a duplicate", sum)
	}
}
