package agent_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
)

func TestOfflineAnswersAValidContinue(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string
	}{
		{"configured text", "  Modelo não configurado.\n", "Modelo não configurado."},
		{"blank text uses the notice", " ", "No language model is configured"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := agent.NewOffline(tt.text).Call(context.Background(), validRequest())
			if err != nil {
				t.Fatal(err)
			}
			if res.Model != agent.OfflineModelName {
				t.Errorf("Model = %q", res.Model)
			}
			p, err := agent.Parse(res.RawResponse)
			if err != nil {
				t.Fatalf("Parse(%q): %v", res.RawResponse, err)
			}
			if p.S != 0 || p.Validate() != nil || !strings.HasPrefix(p.Message, tt.want) {
				t.Errorf("parsed = %+v, want s=0 and text %q", p, tt.want)
			}
		})
	}
}

func TestOfflineRefusals(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	m := agent.NewOffline("x")
	if _, err := m.Call(cancelled, validRequest()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled call error = %v", err)
	}
	if _, err := m.Call(context.Background(), agent.Request{}); !errors.Is(err, agent.ErrBadRequest) {
		t.Errorf("invalid request error = %v", err)
	}
}
