package runtime_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime"
)

// TestStopIsBoundedByShutdownTimeout stops the application while a turn
// waits on a model that does not answer (and would not give up for ten
// minutes): Run must return soon after SHUTDOWN_TIMEOUT, without error (the
// orchestrator's grace period is what it is held to), and the message must
// stay owed a turn in the table, for the next start or another node.
func TestStopIsBoundedByShutdownTimeout(t *testing.T) {
	leaktest.Check(t)
	release := make(chan struct{})
	var calls atomic.Int64
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		calls.Add(1)
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer model.Close()
	defer close(release) // after Run returned: the abandoned turn may end
	const shutdownTimeout = time.Second
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"LLM_TIMEOUT": "10m", "LLM_MAX_ATTEMPTS": "1", "TURN_DEADLINE": "10m",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEBOUNCE_WINDOW": "10ms", "DEBOUNCE_MAX_WAIT": "100ms",
		"SHUTDOWN_TIMEOUT": shutdownTimeout.String(),
	})
	app, ln := newListening(t, cfg, runtime.Options{Sender: messaging.NewStub(zap.NewNop())})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()

	envelope := `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
		`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},` +
		`"messages":[{"from":"5511966665555","id":"wamid.STOP1","timestamp":"` + strconv.FormatInt(time.Now().Unix(), 10) +
		`","type":"text","text":{"body":"Oi"}}]}}]}]}`
	client := &http.Client{Timeout: 10 * time.Second}
	res, err := client.Post("http://"+ln.Addr().String()+"/webhook", "application/json", strings.NewReader(envelope))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	client.CloseIdleConnections()
	for deadline := time.Now().Add(10 * time.Second); calls.Load() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the turn never called the model")
		}
	}

	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v, want a clean stop", err)
		}
	case <-time.After(shutdownTimeout + 10*time.Second):
		t.Fatal("Run still running 10 s past SHUTDOWN_TIMEOUT with a turn hung for ten minutes")
	}
	r, err := persistence.NewReceipts(app.Table()).Get(context.Background(), "wamid.STOP1")
	if err != nil || r.CompletedAt != nil {
		t.Errorf("receipt = %+v (%v), want it kept uncompleted for the next start", r, err)
	}
}

// TestStoppedAppKeepsNoProviderConnection runs a turn, stops the
// application and watches the model server's side: the outbound pool is
// the process's, so a connection left idle in it would hold the provider's
// socket and two goroutines for as long as the process runs (an embedding
// test, a benchmark or a second App in the same process).
func TestStoppedAppKeepsNoProviderConnection(t *testing.T) {
	leaktest.Check(t)
	var open atomic.Int64
	model := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(e2eModelResponse)
	}))
	model.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		switch state {
		case http.StateNew:
			open.Add(1)
		case http.StateClosed, http.StateHijacked:
			open.Add(-1)
		}
	}
	model.Start()
	defer model.Close()
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
	})
	app, ln := newListening(t, cfg, runtime.Options{})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()
	consoleChat(t, app, "+5511988880001", "Oi")
	if open.Load() == 0 {
		t.Fatal("the turn opened no connection to the model server")
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for open.Load() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := open.Load(); n > 0 {
		t.Errorf("%d connections to the model server still open after Run returned", n)
	}
}
