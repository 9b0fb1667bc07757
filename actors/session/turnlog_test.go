package session_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/internal/llmtest"
)

// Each customer turn logs one INFO line with the masked phone, the state
// change, the agent, and the model's latency and tokens.
func TestATurnLogsOneInfoLine(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: time.Hour, DebounceMaxWait: time.Hour}, llmtest.AnswerWith("Olá! Como posso ajudar?"))
	h.chat("+5511900004321", "l1", "Oi")
	lines := h.logs.FilterMessage("turn").All()
	if len(lines) != 1 {
		t.Fatalf("%d turn lines, want 1", len(lines))
	}
	f := lines[0].ContextMap()
	want := map[string]any{"phone": "…4321", "state": "NEW -> QUALIFYING", "agent": "QUALIFIER", "model": "test-model",
		"model_calls": int64(1), "tokens_input": int64(12), "tokens_output": int64(7), "replied": true}
	for k, v := range want {
		if f[k] != v {
			t.Errorf("%s = %v (%T), want %v", k, f[k], f[k], v)
		}
	}
	if _, ok := f["latency_ms"]; !ok {
		t.Error("no latency_ms")
	}
}
