package webhook_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/persistence/memory"
)

func TestNewRefusesBadConfig(t *testing.T) {
	platform := newPlatform(t, cloudapi.WebhookConfig{ParserConfig: messaging.ParserConfig{Instances: []string{"a"}}})
	deps := webhook.Deps{Platform: platform, Table: memory.New(), Queue: &recorder{}}
	tests := []struct {
		name string
		cfg  webhook.Config
		deps webhook.Deps
	}{
		{"no platform", webhook.Config{}, webhook.Deps{Table: memory.New(), Queue: &recorder{}}},
		{"no table", webhook.Config{}, webhook.Deps{Platform: platform, Queue: &recorder{}}},
		{"no queue", webhook.Config{}, webhook.Deps{Platform: platform, Table: memory.New()}},
		{"negative ttl", webhook.Config{ReceiptTTL: -time.Second}, deps},
		{"ttl shorter than the lease", webhook.Config{ReceiptTTL: time.Second}, deps},
	}
	for _, tt := range tests {
		if _, err := webhook.New(tt.cfg, tt.deps, nil); err == nil {
			t.Errorf("%s: New accepted the configuration", tt.name)
		}
	}
	if _, err := webhook.New(webhook.Config{}, deps, nil); err != nil {
		t.Errorf("New refused a valid configuration: %v", err)
	}
}
