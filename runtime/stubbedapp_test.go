package runtime_test

import (
	"context"
	"testing"

	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/runtime"
)

// runStubbedApp runs the application behind a real listener until the test
// ends: a model that answers one line, the platform, CRM and ERP stubbed
// (opts brings the stubs the test reads), a 20 ms debounce. env adds or
// overrides settings. It returns the application, its address and the
// model's fake.
func runStubbedApp(t *testing.T, env map[string]string, opts runtime.Options) (*runtime.App, string, *llmtest.Server) {
	t.Helper()
	leaktest.Check(t)
	model := llmtest.NewServer(t, llmtest.AnswerWith("Olá! Recebi sua mensagem."))
	base := map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEBOUNCE_WINDOW": "20ms", "DEBOUNCE_MAX_WAIT": "200ms",
	}
	for k, v := range env {
		base[k] = v
	}
	app, ln := newListening(t, load(t, base), opts)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("Run after stop: %v", err)
		}
	})
	return app, ln.Addr().String(), model
}
