package runtime_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/chat"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
)

// TestHungModelFallsBackWithinTheTurnDeadline makes every model call hang
// until its caller gives up. The customer must get the fallback text and
// the conversation an AGENT_FAILURE handoff within TURN_DEADLINE + 5 s,
// whatever LLM_TIMEOUT and the retries would add up to (before the turn
// deadline, 9 minutes).
func TestHungModelFallsBackWithinTheTurnDeadline(t *testing.T) {
	leaktest.Check(t)
	var calls atomic.Int64
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		calls.Add(1)
		<-r.Context().Done()
	}))
	defer model.Close()
	const turnDeadline = time.Second
	app := newApp(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"LLM_TIMEOUT": "1m", "LLM_MAX_ATTEMPTS": "3", "TURN_DEADLINE": turnDeadline.String(),
		"HANDOFF_NOTIFIER_ENABLED": "false", "DEV_UI_ENABLED": "true",
	}, nil)

	form := url.Values{"phone-input": {"+5511955554444"}, "content": {"Oi"}}
	req := httptest.NewRequest("POST", "/chat", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	start := time.Now()
	res, err := app.HTTP().Test(req, int((turnDeadline + 5*time.Second).Milliseconds()))
	if err != nil {
		t.Fatalf("no answer within TURN_DEADLINE + 5s: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	took := time.Since(start)
	var reply chat.Reply
	if err := json.Unmarshal(body, &reply); err != nil || res.StatusCode != 200 {
		t.Fatalf("status %d, body %s", res.StatusCode, body)
	}
	t.Logf("fallback after %v with TURN_DEADLINE=%v (%d model calls)", took, turnDeadline, calls.Load())
	if reply.Reply == "" || reply.State != string(domain.StateHandoff) {
		t.Errorf("reply = %+v, want the fallback text and HANDOFF", reply)
	}
	s, err := persistence.NewSessions(app.Table()).Active(context.Background(), "+5511955554444")
	if err != nil || s.HandoffReason != domain.HandoffAgentFailure || s.OperationalSummary.Structured == nil {
		t.Errorf("session = %+v (%v), want AGENT_FAILURE with the deterministic summary", s, err)
	}
}
