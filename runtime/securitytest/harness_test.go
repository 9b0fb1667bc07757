package securitytest_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
)

func TestMain(m *testing.M) { testservers.Main(m) }

// The deployment the probes attack.
const (
	adminKey  = "probe-admin-key-0123456789"
	appSecret = "probe-app-secret"
	operator  = "+5511400000001"
)

// target is the application running on a local port with a model fake, the
// messaging stub and a memory table (or another table).
type target struct {
	app    *runtime.App
	base   string // http://127.0.0.1:port
	sender *messaging.Stub
	table  persistence.Table
	client *http.Client
}

// start runs the application with the probes' configuration plus extra,
// over table (a memory table when nil), until the test ends.
func start(t *testing.T, extra map[string]string, table persistence.Table) *target {
	t.Helper()
	model := llmtest.NewServer(t, llmtest.AnswerWith("Olá! Em que posso ajudar?"))
	env := map[string]string{
		"LLM_API_KEY": "probe-llm-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"HANDOFF_NOTIFIER_ENABLED": "false", "DEV_UI_ENABLED": "true",
		"ADMIN_API_KEY": adminKey, "MESSAGING_APP_SECRET": appSecret, "OPERATOR_PHONES": operator,
		"DEBOUNCE_WINDOW": "20ms", "DEBOUNCE_MAX_WAIT": "100ms",
	}
	for k, v := range extra {
		env[k] = v
	}
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	if table == nil {
		table = memory.New()
	}
	sender := messaging.NewStub(zap.NewNop())
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{Table: table, Sender: sender})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()
	tg := &target{app: app, base: "http://" + ln.Addr().String(), sender: sender, table: table,
		client: &http.Client{Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	t.Cleanup(func() {
		tg.client.CloseIdleConnections()
		stop()
		if err := <-done; err != nil {
			t.Errorf("Run after stop: %v", err)
		}
	})
	return tg
}

// answer is one response, read whole.
type answer struct {
	status int
	header http.Header
	body   string
}

// do sends method path with body and headers.
func (tg *target) do(t *testing.T, method, path, body string, header map[string]string) answer {
	t.Helper()
	a, err := tg.try(method, path, body, header)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return a
}

// try is do that returns a transport error instead of failing the test.
func (tg *target) try(method, path, body string, header map[string]string) (answer, error) {
	req, err := http.NewRequest(method, tg.base+path, strings.NewReader(body))
	if err != nil {
		return answer{}, err
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := tg.client.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, header: res.Header, body: string(raw)}, nil
}

// form is the header of a form post.
var form = map[string]string{"Content-Type": "application/x-www-form-urlencoded"}

// with returns h plus the key/value pairs kv.
func with(h map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range h {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}
