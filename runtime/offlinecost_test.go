package runtime_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// The offline models cost nothing: the cost report prices them at zero
// instead of asking for their price.
func TestOfflineModelsNeedNoPrice(t *testing.T) {
	table := memory.New()
	for i, model := range []string{"demo", "replay", "gpt-x"} {
		m := domain.Message{MessageID: "m" + model, SessionID: "s1", PhoneNumber: "+5511900000001", Content: "x",
			Timestamp: time.Now().UTC().Add(time.Duration(i) * time.Second), Direction: domain.DirectionOutbound,
			MessageType: domain.MessageText, LLMModel: model, TokensInput: 10, TokensOutput: 5}
		if err := persistence.NewMessages(table).Append(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	app := newApp(t, map[string]string{"ADMIN_API_KEY": "k"}, table)
	r := do(t, app, "GET", "/admin/api/llm-costs", nil, map[string]string{"X-Admin-Key": "k"})
	var got struct {
		Unpriced []string `json:"unpriced_models"`
	}
	if err := json.Unmarshal([]byte(r.body), &got); err != nil || r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if len(got.Unpriced) != 1 || got.Unpriced[0] != "gpt-x" {
		t.Errorf("unpriced models %v, want only gpt-x", got.Unpriced)
	}
}
