package emulator_test

import (
	"slices"
	"testing"

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/runtime/config"
)

// env is a lookup over a map: the tests never touch the process environment.
func env(vars map[string]string) config.LookupFunc {
	return func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

func load(t *testing.T, exported, file map[string]string) config.Config {
	t.Helper()
	cfg, err := config.Load(emulator.Lookup(env(exported), file))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestLookupIsSetIfAbsent(t *testing.T) {
	cfg := load(t,
		map[string]string{"DASHBOARD_PORT": "9001", "LLM_MODEL": "exported-model", "CRM_ENABLED": " "},
		map[string]string{"DASHBOARD_PORT": "9002", "LLM_MODEL": "file-model", "TABLE_NAME": "from-file", "CRM_ENABLED": "false"},
	)
	if cfg.HTTP.DashboardPort != 9001 || cfg.LLM.Model != "exported-model" {
		t.Errorf("exported variables must win over the file: port %d, model %q", cfg.HTTP.DashboardPort, cfg.LLM.Model)
	}
	if cfg.Table.Name != "from-file" {
		t.Errorf("a variable only in the file must be used: TABLE_NAME %q", cfg.Table.Name)
	}
	if cfg.CRM.Enabled {
		t.Error("a blank exported variable counts as undefined: the file's CRM_ENABLED=false must apply")
	}
}

func TestLookupDefaultsDevUIOnlyWhenUndefined(t *testing.T) {
	tests := []struct {
		name           string
		exported, file map[string]string
		want           bool
	}{
		{"undefined", nil, nil, true},
		{"blank in the file (copied .env.example)", nil, map[string]string{"DEV_UI_ENABLED": ""}, true},
		{"exported false", map[string]string{"DEV_UI_ENABLED": "false"}, nil, false},
		{"false in the file", nil, map[string]string{"DEV_UI_ENABLED": "false"}, false},
		{"exported true over file false", map[string]string{"DEV_UI_ENABLED": "true"}, map[string]string{"DEV_UI_ENABLED": "false"}, true},
		{"exported false over file true", map[string]string{"DEV_UI_ENABLED": "0"}, map[string]string{"DEV_UI_ENABLED": "true"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := load(t, tt.exported, tt.file).DevUI.Enabled; got != tt.want {
				t.Errorf("DevUI.Enabled = %t, want %t", got, tt.want)
			}
		})
	}
}

func TestLookupRemovesEndpointOverrides(t *testing.T) {
	exported := map[string]string{"AWS_ENDPOINT_URL_DYNAMODB": "http://127.0.0.1:4567", "AWS_ENDPOINT_URL": "http://127.0.0.1:4566"}
	file := map[string]string{"DYNAMODB_ENDPOINT": "http://127.0.0.1:8000", "AWS_ENDPOINT_URL_DYNAMODB": "http://file:1"}
	lookup := emulator.Lookup(env(exported), file)
	for _, name := range emulator.EndpointOverrides {
		if v, ok := lookup(name); ok || v != "" {
			t.Errorf("%s = %q, %t; want it hidden", name, v, ok)
		}
	}
	if cfg := load(t, exported, file); cfg.Table.Endpoint != "" {
		t.Errorf("Table.Endpoint = %q, want empty", cfg.Table.Endpoint)
	}
	ignored := emulator.IgnoredOverrides(env(exported), file)
	if !slices.Equal(ignored, emulator.EndpointOverrides) {
		t.Errorf("IgnoredOverrides = %v, want all three", ignored)
	}
	if got := emulator.IgnoredOverrides(env(nil), nil); len(got) != 0 {
		t.Errorf("IgnoredOverrides of nothing = %v", got)
	}
}

func TestLookupHonoursDashboardPort(t *testing.T) {
	if got := load(t, nil, nil).HTTP.DashboardPort; got != 8080 {
		t.Errorf("default DASHBOARD_PORT = %d, want 8080", got)
	}
	if got := load(t, nil, map[string]string{"DASHBOARD_PORT": "18080"}).HTTP.DashboardPort; got != 18080 {
		t.Errorf("DASHBOARD_PORT from the file = %d", got)
	}
}

// Without a key the emulator runs the demo model, whatever provider an old
// .env names (except replay); with a key the configured provider stays.
func TestLookupPicksTheDemoModelWithoutAKey(t *testing.T) {
	tests := []struct {
		name     string
		exported map[string]string
		file     map[string]string
		want     string
	}{
		{"fresh checkout", nil, nil, config.ProviderDemo},
		{"openai without a key", map[string]string{"LLM_PROVIDER": "openai"}, nil, config.ProviderDemo},
		{"a blank key", nil, map[string]string{"LLM_API_KEY": " "}, config.ProviderDemo},
		{"replay on purpose", map[string]string{"LLM_PROVIDER": "replay", "LLM_REPLAY_FILE": "a.yaml"}, nil, config.ProviderReplay},
		{"a key in the file", nil, map[string]string{"LLM_API_KEY": "sk-1"}, config.ProviderOpenAI},
		{"demo on purpose with a key", map[string]string{"LLM_PROVIDER": "demo", "LLM_API_KEY": "sk-1"}, nil, config.ProviderDemo},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := load(t, tt.exported, tt.file).LLM.Provider; got != tt.want {
				t.Errorf("LLM_PROVIDER = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLookupHasADevelopmentOperator(t *testing.T) {
	if got := load(t, nil, nil).Handoff.OperatorPhones; !slices.Equal(got, []string{emulator.DevOperator}) {
		t.Errorf("OPERATOR_PHONES = %q, want the development operator", got)
	}
	if got := load(t, map[string]string{"OPERATOR_PHONES": "+5511911112222"}, nil).Handoff.OperatorPhones; !slices.Equal(got, []string{"+5511911112222"}) {
		t.Errorf("OPERATOR_PHONES = %q, want the exported one", got)
	}
}
