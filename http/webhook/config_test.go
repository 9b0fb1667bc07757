package webhook_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence/memory"
)

func TestNewRefusesBadConfig(t *testing.T) {
	platform := newPlatform(t, cloudapi.WebhookConfig{ParserConfig: messaging.ParserConfig{Instances: []string{"a"}}})
	table := memory.New()
	acceptor, err := inbound.New(inbound.Config{}, inbound.Deps{Table: table, Queue: &recorder{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	deps := webhook.Deps{Platform: platform, Table: table, Inbound: acceptor}
	tests := []struct {
		name string
		cfg  webhook.Config
		deps webhook.Deps
	}{
		{"no platform", webhook.Config{}, webhook.Deps{Table: table, Inbound: acceptor}},
		{"no table", webhook.Config{}, webhook.Deps{Platform: platform, Inbound: acceptor}},
		{"no acceptance", webhook.Config{}, webhook.Deps{Platform: platform, Table: table}},
		{"negative store timeout", webhook.Config{StoreTimeout: -time.Second}, deps},
		{"negative concurrency", webhook.Config{Concurrency: -1}, deps},
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
