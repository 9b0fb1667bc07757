package runtime_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// TestPromptOverrideReachesEveryNodeWithinTheRefresh: two nodes over one
// table; a prompt stored through one node's admin API is what the other
// node's conversations use within PROMPT_REFRESH.
func TestPromptOverrideReachesEveryNodeWithinTheRefresh(t *testing.T) {
	leaktest.Check(t)
	const key = "admin-key-for-tests-0123456789"
	table := memory.New()
	edited := newApp(t, map[string]string{"ADMIN_API_KEY": key}, table)
	cfg := load(t, map[string]string{
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"PROMPT_REFRESH": "50ms",
	})
	other, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{Table: table})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- other.Run(ctx, listen(t)) }()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("Run after stop: %v", err)
		}
	}()

	const text = "# Agente TRIAGE\nVersão editada em outro nó."
	res := do(t, edited, http.MethodPut, "/admin/api/prompts/TRIAGE", strings.NewReader(`{"text": `+strconv.Quote(text)+`}`),
		map[string]string{"X-Admin-Key": key, "Content-Type": "application/json"})
	if res.status != http.StatusCreated {
		t.Fatalf("PUT the prompt: %d %s", res.status, res.body)
	}
	// The agent runs the edited text followed by the file's protected
	// reply-format protocol.
	_, protocol := content.SplitPrompt(other.Content().FilePrompt("TRIAGE"))
	want := content.WithProtocol(text, protocol)
	deadline := time.Now().Add(5 * time.Second)
	for other.Content().Prompt("TRIAGE") != want {
		if time.Now().After(deadline) {
			t.Fatalf("the other node still runs %q", other.Content().Prompt("TRIAGE"))
		}
		time.Sleep(20 * time.Millisecond)
	}
}
