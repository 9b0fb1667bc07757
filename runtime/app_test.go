package runtime_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/chat"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
)

// env is a configuration as the environment would give it.
func load(t *testing.T, env map[string]string) config.Config {
	t.Helper()
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestChatRunsATurnThroughTheWholeApplication starts the application on a
// real listener and chats over HTTP: the turn goes through the session actor,
// the model server and the table, and the reply comes back.
func TestChatRunsATurnThroughTheWholeApplication(t *testing.T) {
	leaktest.Check(t)
	model := llmtest.NewServer(t, llmtest.AnswerWith("Olá! Em que posso ajudar?"))
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false",
	})
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{Table: memory.New()})
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
