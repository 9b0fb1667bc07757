package runtime_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// After one customer conversation through the running application (the
// webhook, the queue, the conversation, the model over HTTP, the outbox),
// /metrics holds every family the dashboard and the alerts read, with
// bounded labels: routes by pattern, outside systems by name and outcome.
func TestMetricsAfterAConversation(t *testing.T) {
	const key = "admin-key-for-tests-0123456789"
	model := llmtest.NewServer(t, llmtest.AnswerWith("Olá! Recebi sua mensagem."))
	flaky := failingOnce(t, model.URL)
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": flaky + "/v1", "LLM_MODEL": "test-model", "LLM_MAX_ATTEMPTS": "3",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEBOUNCE_WINDOW": "10ms", "DEBOUNCE_MAX_WAIT": "1s",
		"METRICS_TOKEN": testMetricsToken, "ADMIN_API_KEY": key,
	})
	sender := messaging.NewStub(zap.NewNop())
	app, ln := newListening(t, cfg, runtime.Options{Sender: sender, Version: "v9.9.9-test"})
	stop := running(t, app, ln)
	base := "http://" + ln.Addr().String()
	client := &http.Client{Timeout: 10 * time.Second}
	defer func() {
		client.CloseIdleConnections()
		stop()
	}()
	get := func(path string, header map[string]string) (int, string) {
		req, _ := http.NewRequest("GET", base+path, nil)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}

	envelope := `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
		`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},` +
		`"messages":[{"from":"5511977776666","id":"wamid.M1","timestamp":"` + strconv.FormatInt(time.Now().Unix(), 10) + `","type":"text","text":{"body":"Oi"}}]}}]}]}`
	res, err := client.Post(base+"/webhook", "application/json", strings.NewReader(envelope))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	get("/admin/api/sessions/+5511977776666", map[string]string{"X-Admin-Key": key})
	get("/no/such/page/12345", nil)

	var body string
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		_, body = get("/metrics", metricsAuth)
		if strings.Contains(body, "intake_message_reply_seconds_count 1") {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, want := range []string{
		`intake_http_request_duration_seconds_count{method="POST",route="/webhook",status="200"} 1`,
		`intake_http_request_duration_seconds_count{method="GET",route="/admin/api/sessions/:phone",status="`,
		`intake_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 1`,
		`intake_message_reply_seconds_count 1`,
		`intake_handoff_wait_seconds_count 0`,
		`intake_handoff_oldest_wait_seconds 0`,
		`intake_queue_depth{queue="handoff"} 0`,
		`intake_queue_depth{queue="lanes"} 0`,
		`intake_queue_depth{queue="overflow"} 0`,
		`intake_external_call_duration_seconds_count{outcome="error",system="model"} 1`,
		`intake_external_call_duration_seconds_count{outcome="ok",system="model"} 1`,
		`intake_build_info{goversion="go`,
		`revision="`,
		`version="v9.9.9-test"} 1`,
		`protoactor_actor_spawn`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if strings.Contains(body, "12345") || strings.Contains(body, "+5511977776666") {
		t.Errorf("/metrics carries a raw path")
	}
	if sends := sender.Sends(); len(sends) != 1 {
		t.Errorf("sends %+v, want the one reply", sends)
	}
}

// failingOnce is a proxy to target whose first request fails with 503, as
// a provider's hiccup does: the client's retry then reaches target.
func failingOnce(t *testing.T, target string) string {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusServiceUnavailable)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// The handoff gauges count the conversations waiting for a person, not
// those an operator holds, and age the one waiting longest.
func TestHandoffGaugesReadTheQueue(t *testing.T) {
	table := memory.New()
	waitingSince, heldSince := time.Now().Add(-10*time.Minute), time.Now().Add(-time.Hour)
	for _, s := range []domain.Session{
		{SessionID: "waits", PhoneNumber: "+5511977770001", State: domain.StateHandoff, HandoffAt: &waitingSince, CreatedAt: waitingSince, UpdatedAt: waitingSince},
		{SessionID: "held", PhoneNumber: "+5511977770002", State: domain.StateHuman, AssignedTo: "+5511900000001", HandoffAt: &heldSince, CreatedAt: heldSince, UpdatedAt: heldSince},
	} {
		item, err := persistence.EncodeSession(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := table.Put(context.Background(), item, nil); err != nil {
			t.Fatal(err)
		}
	}
	app := newApp(t, map[string]string{"METRICS_TOKEN": testMetricsToken}, table)
	body := do(t, app, "GET", "/metrics", nil, metricsAuth).body
	if !strings.Contains(body, `intake_queue_depth{queue="handoff"} 1`+"\n") {
		t.Errorf("/metrics lacks one conversation waiting in the handoff queue")
	}
	var oldest float64
	for line := range strings.Lines(body) {
		if v, ok := strings.CutPrefix(line, "intake_handoff_oldest_wait_seconds "); ok {
			oldest, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
	}
	if oldest < 600 || oldest >= 3600 {
		t.Errorf("oldest wait %v s, want the waiting conversation's ten minutes, not the held one's hour", oldest)
	}
}
