package runtime_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/queue"
	"github.com/intake-runtime/intake/queue/inprocess"
	"github.com/intake-runtime/intake/runtime"
)

// durableApp is the application running over a memory table with its own
// in-process queue, so a test can put messages on the queue as a
// redelivering platform or queue would.
type durableApp struct {
	app    *runtime.App
	queue  *inprocess.Queue
	sender *messaging.Stub
}

func startDurableApp(t *testing.T, env map[string]string) durableApp {
	t.Helper()
	q, err := inprocess.New(inprocess.Config{}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	d := durableApp{queue: q, sender: messaging.NewStub(zap.NewNop())}
	d.app, _, _ = runStubbedApp(t, env, runtime.Options{Sender: d.sender, Queue: q})
	return d
}

// accept records a message's receipt as the webhook does before it answers
// 200: from then on the message is acknowledged.
func (d durableApp) accept(t *testing.T, phone, id, text string) domain.QueueMessage {
	t.Helper()
	turn := domain.InboundTurn{PhoneNumber: phone, MessageID: id, Content: text, ReceivedAt: time.Now().UTC(), Instance: "instance_a"}
	if err := persistence.NewReceipts(d.app.Table()).Record(context.Background(), persistence.NewReceipt(turn, time.Now())); err != nil {
		t.Fatal(err)
	}
	return turn.QueueMessage()
}

func (d durableApp) waitSends(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(d.sender.Sends()) < n && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := len(d.sender.Sends()); got < n {
		t.Fatalf("platform received %d replies, want %d", got, n)
	}
}

// A queue message delivered again after its turn committed is recognised
// from the table (the receipt's completed_at), however often it comes.
func TestQueueRedeliveriesAfterTheTurnGiveOneReply(t *testing.T) {
	d := startDurableApp(t, nil)
	msg := d.accept(t, "+5511977770001", "wamid.R1", "Oi")
	send := func() {
		if err := d.queue.Send(context.Background(), queue.Message(msg)); err != nil {
			t.Fatal(err)
		}
	}
	send()
	d.waitSends(t, 1)
	r, err := persistence.NewReceipts(d.app.Table()).Get(context.Background(), msg.MessageID)
	if err != nil || r.CompletedAt == nil {
		t.Fatalf("receipt after the turn: %+v, %v; want completed", r, err)
	}
	for range 3 {
		send()
	}
	time.Sleep(300 * time.Millisecond) // a second reply would land here
	if sends := d.sender.Sends(); len(sends) != 1 {
		t.Errorf("platform received %d replies, want 1: %+v", len(sends), sends)
	}
}

// A message the webhook acknowledged whose queue message never arrived (the
// process stopped, the queue dropped it) is enqueued again by the recovery
// sweep once it is RECOVERY_AFTER old, and answered.
func TestRecoverySweepAnswersAcknowledgedMessagesTheQueueLost(t *testing.T) {
	d := startDurableApp(t, map[string]string{"RECOVERY_AFTER": "100ms", "RECOVERY_INTERVAL": "50ms"})
	d.accept(t, "+5511977770002", "wamid.LOST1", "Oi")
	d.waitSends(t, 1)
	owed, err := persistence.NewReceipts(d.app.Table()).Unfinished(context.Background(), time.Now())
	if err != nil || len(owed) != 0 {
		t.Errorf("unfinished receipts after the sweep: %v, %v; want none", owed, err)
	}
}

// An operator's message that cannot be forwarded (they hold no
// conversation) is answered by telling them why, once: its receipt is
// completed, so neither a redelivery nor the recovery sweep tells them again.
func TestOperatorMessageNotForwardedIsCompleted(t *testing.T) {
	const operator = "+5511400000009"
	d := startDurableApp(t, map[string]string{
		"OPERATOR_PHONES": operator, "HANDOFF_NOTIFIER_ENABLED": "false",
		"RECOVERY_AFTER": "50ms", "RECOVERY_INTERVAL": "50ms",
	})
	msg := d.accept(t, operator, "wamid.OPNONE", "Alguém aí?")
	if err := d.queue.Send(context.Background(), queue.Message(msg)); err != nil {
		t.Fatal(err)
	}
	d.waitSends(t, 1)
	time.Sleep(300 * time.Millisecond) // several sweeps
	if sends := d.sender.Sends(); len(sends) != 1 {
		t.Errorf("operator told %d times, want once: %+v", len(sends), sends)
	}
	r, err := persistence.NewReceipts(d.app.Table()).Get(context.Background(), msg.MessageID)
	if err != nil || r.CompletedAt == nil {
		t.Errorf("receipt = %+v, %v; want completed", r, err)
	}
}

// A message acknowledged and not yet answered when the process stops (it
// waited in a debounce window) is answered after the next start: the
// recovery sweep's first pass takes up every unfinished receipt at once.
func TestAcknowledgedMessageIsAnsweredAfterARestart(t *testing.T) {
	leaktest.Check(t)
	model := llmtest.NewServer(t, llmtest.AnswerWith("Voltei!"))
	table := memory.New()
	run := func(window string, sender *messaging.Stub) (addr string, stop func()) {
		cfg := load(t, map[string]string{
			"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
			"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
			"DEBOUNCE_WINDOW": window, "DEBOUNCE_MAX_WAIT": window,
		})
		app, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{Table: table, Sender: sender})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		ln := listen(t)
		go func() { done <- app.Run(ctx, ln) }()
		return ln.Addr().String(), func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run after stop: %v", err)
			}
		}
	}
	first := messaging.NewStub(zap.NewNop())
	addr, stop := run("1h", first) // the turn would flush in an hour
	client := &http.Client{Timeout: 10 * time.Second}
	res, err := client.Post("http://"+addr+"/webhook", "application/json", strings.NewReader(envelope("5511977770003", "stop", []string{"Oi, alguém aí?"})))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("webhook answered %d", res.StatusCode)
	}
	waitHeld(t, table, "wamid.cost.stop.0")
	client.CloseIdleConnections()
	stop()
	if len(first.Sends()) != 0 || len(model.Calls()) != 0 {
		t.Fatal("the message was answered before the stop; the test proves nothing")
	}

	second := messaging.NewStub(zap.NewNop())
	_, stop = run("20ms", second)
	defer stop()
	deadline := time.Now().Add(10 * time.Second)
	for len(second.Sends()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if sends := second.Sends(); len(sends) != 1 || sends[0].Text != "Voltei!" {
		t.Fatalf("after the restart the platform received %+v, want the answer", sends)
	}
}

// waitHeld waits until the webhook recorded the receipt of id.
func waitHeld(t *testing.T, table persistence.Table, id string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := persistence.NewReceipts(table).Get(context.Background(), id); err == nil {
			time.Sleep(50 * time.Millisecond) // the hand-off to the conversation
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no receipt for %s", id)
}
