package runtime_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/chat"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
)

// env is a configuration as the environment would give it.
//
// httptest addresses its requests to example.com, so unless a test says
// otherwise the development surfaces answer that host too, as they answer
// localhost on a runner.
func load(t testing.TB, env map[string]string) config.Config {
	t.Helper()
	cfg, err := config.Load(func(k string) (string, bool) {
		v, ok := env[k]
		if !ok && k == "DEV_ALLOWED_HOSTS" {
			return "localhost,127.0.0.1,example.com", true
		}
		return v, ok
	})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// newListening builds the application over a memory table and a listener
// on a free local port, ready for Run.
func newListening(t *testing.T, cfg config.Config, opts runtime.Options) (*runtime.App, net.Listener) {
	t.Helper()
	opts.Table = memory.New()
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return app, listen(t)
}

// listen opens a listener on a free local port.
func listen(t testing.TB) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// running runs app on ln until the returned function stops it and waits
// for Run, which must return no error.
func running(t testing.TB, app *runtime.App, ln net.Listener) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()
	return func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run after stop: %v", err)
		}
	}
}

// TestChatRunsATurnThroughTheWholeApplication starts the application on a
// real listener and chats over HTTP: the turn goes through the session actor,
// the model server and the table, and the reply comes back.
func TestChatRunsATurnThroughTheWholeApplication(t *testing.T) {
	leaktest.Check(t)
	model := llmtest.NewServer(t, llmtest.AnswerWith("Olá! Em que posso ajudar?"))
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false", "DEV_UI_ENABLED": "true",
	})
	app, ln := newListening(t, cfg, runtime.Options{})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()

	form := url.Values{"phone-input": {"+55 11 98888-7777"}, "content": {"Oi"}}
	req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/chat", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	client := &http.Client{Timeout: 30 * time.Second}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var reply chat.Reply
	if err := json.Unmarshal(body, &reply); err != nil || res.StatusCode != 200 {
		t.Fatalf("status %d, body %s", res.StatusCode, body)
	}
	if reply.Reply != "Olá! Em que posso ajudar?" || reply.PhoneNumber != "+5511988887777" || reply.SessionID == "" {
		t.Errorf("reply = %+v", reply)
	}

	res, err = client.Get("http://" + ln.Addr().String() + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if strings.TrimSpace(string(body)) != `{"ok":true}` {
		t.Errorf("/healthz = %s", body)
	}
	client.CloseIdleConnections()

	stop()
	if err := <-done; err != nil {
		t.Errorf("Run after stop: %v", err)
	}
}

// TestWebhookMessageIsAnsweredOnce sends ten copies of one platform
// delivery at once, as a platform retrying a slow answer does: every copy
// is answered 200 (one accepted, the others duplicates, even those that
// came while the first was still in flight: its receipt is durable), the
// model is called once and the customer gets one reply.
func TestWebhookMessageIsAnsweredOnce(t *testing.T) {
	leaktest.Check(t)
	model := llmtest.NewServer(t, llmtest.AnswerWith("Olá! Recebi sua mensagem."))
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEBOUNCE_WINDOW": "50ms", "DEBOUNCE_MAX_WAIT": "1s",
	})
	sender := messaging.NewStub(zap.NewNop())
	app, ln := newListening(t, cfg, runtime.Options{Sender: sender})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()

	envelope := `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
		`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},` +
		`"messages":[{"from":"5511977776666","id":"wamid.E2E1","timestamp":"` + strconv.FormatInt(time.Now().Unix(), 10) + `","type":"text","text":{"body":"Oi"}}]}}]}]}`
	client := &http.Client{Timeout: 10 * time.Second}
	post := func() int {
		res, err := client.Post("http://"+ln.Addr().String()+"/webhook", "application/json", strings.NewReader(envelope))
		if err != nil {
			t.Error(err)
			return 0
		}
		res.Body.Close()
		return res.StatusCode
	}
	const copies = 10
	statuses := make([]int, copies)
	var wg sync.WaitGroup
	for i := range copies {
		wg.Go(func() { statuses[i] = post() })
	}
	wg.Wait()
	for i, status := range statuses {
		if status != 200 {
			t.Errorf("copy %d answered %d, want 200", i, status)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(sender.Sends()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // a second reply would land here
	if sends := sender.Sends(); len(sends) != 1 || sends[0].Text != "Olá! Recebi sua mensagem." {
		t.Errorf("platform received %+v, want one reply", sends)
	}
	if calls := model.Calls(); len(calls) != 1 {
		t.Errorf("model called %d times (%v), want once", len(calls), calls)
	}
	receipts := persistence.NewReceipts(app.Table())
	r, err := receipts.Get(context.Background(), "wamid.E2E1")
	if err != nil || r.DispatchedAt == nil || r.AgentRoutedAt == nil || r.CompletedAt == nil {
		t.Errorf("receipt progress: %+v (%v), want dispatched, routed and completed", r, err)
	}
	if pending, err := receipts.Pending(context.Background(), "+5511977776666"); err != nil || len(pending) != 0 {
		t.Errorf("pending after the answer: %v (%v), want none", pending, err)
	}
	client.CloseIdleConnections()
	stop()
	if err := <-done; err != nil {
		t.Errorf("Run after stop: %v", err)
	}
}

// TestRunStopsWhenStoppedAtOnce stops the application before its server has
// had a chance to begin serving, as a signal right after start does: Run
// must still return.
func TestRunStopsWhenStoppedAtOnce(t *testing.T) {
	leaktest.Check(t)
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": "http://127.0.0.1:1/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
	})
	for range 20 {
		app, ln := newListening(t, cfg, runtime.Options{})
		ctx, stop := context.WithCancel(context.Background())
		stop()
		done := make(chan error, 1)
		go func() { done <- app.Run(ctx, ln) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("Run did not return after a stop that came before serving began")
		}
	}
}
