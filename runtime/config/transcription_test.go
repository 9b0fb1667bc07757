package config_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/runtime/config"
)

func TestTranscriptionSettings(t *testing.T) {
	c, err := config.Load(env(map[string]string{
		"TRANSCRIPTION_ENABLED": "true", "TRANSCRIPTION_MODEL": "whisper-1", "TRANSCRIPTION_TIMEOUT": "12s",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := config.Transcription{Enabled: true, Model: "whisper-1", Timeout: 12 * time.Second}
	if c.Transcription != want {
		t.Errorf("transcription = %+v, want %+v", c.Transcription, want)
	}
	for _, bad := range []string{"0s", "-1s"} {
		_, err := config.Load(env(map[string]string{"TRANSCRIPTION_TIMEOUT": bad}))
		if got := problemVars(t, err); !slices.Equal(got, []string{"TRANSCRIPTION_TIMEOUT"}) {
			t.Errorf("TRANSCRIPTION_TIMEOUT=%s: problems %v, want the variable named", bad, got)
		}
	}
}

func TestServeNeedsAKeyToTranscribe(t *testing.T) {
	tests := []struct {
		name string
		vars map[string]string
		want []string
	}{
		{"enabled with the model's key", with(servable(), map[string]string{"TRANSCRIPTION_ENABLED": "true"}), nil},
		{"enabled with an offline model and no key", with(servable(), map[string]string{
			"TRANSCRIPTION_ENABLED": "true", "LLM_PROVIDER": "demo", "LLM_API_KEY": ""}), []string{"LLM_API_KEY"}},
		{"enabled with an offline model and a key", with(servable(), map[string]string{
			"TRANSCRIPTION_ENABLED": "true", "LLM_PROVIDER": "demo"}), nil},
		{"enabled, openai and no key: named once", with(servable(), map[string]string{
			"TRANSCRIPTION_ENABLED": "true", "LLM_API_KEY": ""}), []string{"LLM_API_KEY"}},
		{"disabled with an offline model and no key", with(servable(), map[string]string{
			"LLM_PROVIDER": "demo", "LLM_API_KEY": ""}), nil},
	}
	for _, tt := range tests {
		_, err := config.Load(env(tt.vars), config.ServeNeeds)
		if got := problemVars(t, err); !slices.Equal(got, tt.want) {
			t.Errorf("%s: problems %v, want %v", tt.name, got, tt.want)
		}
		if tt.want != nil && tt.vars["LLM_PROVIDER"] == "demo" && !strings.Contains(err.Error(), "TRANSCRIPTION_ENABLED") {
			t.Errorf("%s: %v does not say transcription needs the key", tt.name, err)
		}
	}
}
