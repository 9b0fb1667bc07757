package runtime_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
	"github.com/intake-runtime/intake/runtime"
)

// While the in-process queue is full the webhook still answers 200 (it
// never waits for the queue), the message is kept by its receipt, and the
// recovery sweep enqueues it later: the customer gets one reply.
func TestWebhookAnswersWhileTheQueueIsFullAndTheSweepDelivers(t *testing.T) {
	leaktest.Check(t)
	model := llmtest.NewServer(t, llmtest.AnswerWith("Olá! Recebi sua mensagem."))
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEBOUNCE_WINDOW": "20ms", "DEBOUNCE_MAX_WAIT": "200ms",
		"RECOVERY_AFTER": "50ms", "RECOVERY_INTERVAL": "50ms",
	})
	q, err := inprocess.New(inprocess.Config{Capacity: 1}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	sender := messaging.NewStub(zap.NewNop())
	app, ln := newListening(t, cfg, runtime.Options{Sender: sender, Queue: q})

	// Nothing consumes yet, and the one slot is taken.
	if err := q.Send(context.Background(), queue.Message{PhoneNumber: "+5511900000000", MessageID: "wamid.FILLER"}); err != nil {
		t.Fatal(err)
	}
	envelope := `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
		`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},` +
		`"messages":[{"from":"5511977775555","id":"wamid.FULL1","timestamp":"` + strconv.FormatInt(time.Now().Unix(), 10) + `","type":"text","text":{"body":"Oi"}}]}}]}]}`
	res, err := app.HTTP().Test(httptest.NewRequest("POST", "/webhook", strings.NewReader(envelope)), -1)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var sum webhook.Summary
	if err := json.Unmarshal(body, &sum); res.StatusCode != 200 || err != nil || sum.Accepted != 1 {
		t.Fatalf("webhook on a full queue answered %d %s, want 200 with the message accepted", res.StatusCode, body)
	}
	receipts := persistence.NewReceipts(app.Table())
	if r, err := receipts.Get(context.Background(), "wamid.FULL1"); err != nil || r.CompletedAt != nil {
		t.Fatalf("receipt %+v (%v), want it recorded and unanswered", r, err)
	}

	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()
	d := durableApp{app: app, queue: q, sender: sender}
	d.waitSends(t, 1)
	stop()
	if err := <-done; err != nil {
		t.Errorf("Run after stop: %v", err)
	}
	if sends := sender.Sends(); len(sends) != 1 || sends[0].Text != "Olá! Recebi sua mensagem." {
		t.Errorf("platform received %+v, want one reply", sends)
	}
	if r, err := receipts.Get(context.Background(), "wamid.FULL1"); err != nil || r.CompletedAt == nil {
		t.Errorf("receipt %+v (%v), want it answered", r, err)
	}
}
