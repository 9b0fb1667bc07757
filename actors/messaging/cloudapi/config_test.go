package cloudapi_test

import (
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/internal/httpcall"
)

func TestClientConfigValidate(t *testing.T) {
	valid := cloudapi.ClientConfig{Config: httpcall.Config{AccessToken: testToken}, PhoneNumberID: "PNID_1"}
	if err := valid.Validate(); err != nil {
		t.Fatalf("minimal config: %v (defaults fill the rest)", err)
	}
	tests := []struct {
		name   string
		mutate func(*cloudapi.ClientConfig)
	}{
		{"no token", func(c *cloudapi.ClientConfig) { c.AccessToken = "" }},
		{"token with a line break", func(c *cloudapi.ClientConfig) { c.AccessToken = testToken + "\r\nX-Evil: 1" }},
		{"no phone number ID", func(c *cloudapi.ClientConfig) { c.PhoneNumberID = "" }},
		{"phone number ID with a slash", func(c *cloudapi.ClientConfig) { c.PhoneNumberID = "1/2" }},
		{"version with a slash", func(c *cloudapi.ClientConfig) { c.Version = "v21.0/x" }},
		{"relative base URL", func(c *cloudapi.ClientConfig) { c.BaseURL = "graph.example.com" }},
		{"ftp base URL", func(c *cloudapi.ClientConfig) { c.BaseURL = "ftp://graph.example.com" }},
		{"negative max RPS", func(c *cloudapi.ClientConfig) { c.MaxRPS = -1 }},
		{"negative timeout", func(c *cloudapi.ClientConfig) { c.Timeout = -1 }},
		{"backoff max below base", func(c *cloudapi.ClientConfig) { c.PairBackoffBase = 10; c.PairBackoffMax = 5 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := valid
			tt.mutate(&cfg)
			err := cfg.Validate()
			if err == nil {
				t.Fatal("Validate succeeded")
			}
			if strings.Contains(err.Error(), testToken) {
				t.Errorf("error %q holds the token", err)
			}
			if _, err := cloudapi.NewClient(cfg, zap.NewNop()); err == nil {
				t.Error("NewClient succeeded")
			}
		})
	}
}
