package webhook_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/persistence/memory"
)

func TestNewRefusesBadConfig(t *testing.T) {
	deps := webhook.Deps{Table: memory.New(), Queue: &recorder{}}
	tests := []struct {
		name string
		cfg  webhook.Config
		deps webhook.Deps
	}{
		{"no instances", webhook.Config{}, deps},
		{"duplicate instance", webhook.Config{Instances: []string{"a", "a"}}, deps},
		{"no table", webhook.Config{Instances: []string{"a"}}, webhook.Deps{Queue: &recorder{}}},
		{"no queue", webhook.Config{Instances: []string{"a"}}, webhook.Deps{Table: memory.New()}},
		{"negative ttl", webhook.Config{Instances: []string{"a"}, ReceiptTTL: -time.Second}, deps},
		{"ttl shorter than the lease", webhook.Config{Instances: []string{"a"}, ReceiptTTL: time.Second}, deps},
	}
	for _, tt := range tests {
		if _, err := webhook.New(tt.cfg, tt.deps, nil); err == nil {
			t.Errorf("%s: New accepted the configuration", tt.name)
		}
	}
}
