package config_test

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/runtime/config"
)

// servable is an environment `intake serve` accepts: every enabled adapter
// has its credentials.
func servable() map[string]string {
	return map[string]string{
		"LLM_API_KEY":               "sk-test",
		"LLM_MODEL":                 "gpt-test",
		"MESSAGING_APP_SECRET":      "app-secret",
		"MESSAGING_ACCESS_TOKEN":    "messaging-token",
		"MESSAGING_PHONE_NUMBER_ID": "1234567890",
		"CRM_ACCESS_TOKEN":          "crm-token",
		"ERP_ACCESS_TOKEN":          "erp-token",
		"HANDOFF_EMAIL_FROM":        "bot@example.com",
		"HANDOFF_EMAIL_TO":          "ops@example.com",
	}
}

// with returns a copy of vars with changes applied; an empty value unsets.
func with(vars map[string]string, changes map[string]string) map[string]string {
	out := maps.Clone(vars)
	maps.Copy(out, changes)
	return out
}

// problemVars lists the variables err names, in order, one per problem.
func problemVars(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	joined, ok := err.(interface{ Unwrap() []error })
	if !ok {
		t.Fatalf("error %v is not a joined list", err)
	}
	var names []string
	for _, e := range joined.Unwrap() {
		var ce *config.Error
		if !errors.As(e, &ce) {
			t.Fatalf("problem %v is not a *config.Error", e)
		}
		names = append(names, ce.Var)
	}
	return names
}

func TestNeeds(t *testing.T) {
	serve, sync := config.ServeNeeds, config.SyncNeeds
	tests := []struct {
		name string
		need config.Need
		vars map[string]string
		want []string // the variables named, in order
	}{
		{"empty environment", serve, nil, []string{
			"LLM_API_KEY", "LLM_MODEL", "MESSAGING_APP_SECRET", "MESSAGING_ACCESS_TOKEN", "MESSAGING_PHONE_NUMBER_ID",
			"CRM_ACCESS_TOKEN", "ERP_ACCESS_TOKEN", "HANDOFF_EMAIL_FROM", "HANDOFF_EMAIL_TO",
		}},
		{"everything set", serve, servable(), nil},
		{"no model key", serve, with(servable(), map[string]string{"LLM_API_KEY": ""}), []string{"LLM_API_KEY"}},
		{"no model name", serve, with(servable(), map[string]string{"LLM_MODEL": ""}), []string{"LLM_MODEL"}},
		{"replay on purpose", serve, with(servable(), map[string]string{"LLM_API_KEY": "", "LLM_PROVIDER": "replay", "LLM_REPLAY_FILE": "answers.yaml"}), nil},
		{"replay without its file", serve, with(servable(), map[string]string{"LLM_API_KEY": "", "LLM_PROVIDER": "replay"}), []string{"LLM_REPLAY_FILE"}},
		{"no app secret", serve, with(servable(), map[string]string{"MESSAGING_APP_SECRET": ""}), []string{"MESSAGING_APP_SECRET"}},
		{"unsigned on purpose", serve, with(servable(), map[string]string{"MESSAGING_APP_SECRET": "", "WEBHOOK_ALLOW_UNSIGNED": "true"}), nil},
		{"unsigned refused", serve, with(servable(), map[string]string{"MESSAGING_APP_SECRET": "", "WEBHOOK_ALLOW_UNSIGNED": "false"}), []string{"MESSAGING_APP_SECRET"}},
		{"no messaging token", serve, with(servable(), map[string]string{"MESSAGING_ACCESS_TOKEN": ""}), []string{"MESSAGING_ACCESS_TOKEN"}},
		{"no sender number", serve, with(servable(), map[string]string{"MESSAGING_PHONE_NUMBER_ID": ""}), []string{"MESSAGING_PHONE_NUMBER_ID"}},
		{"no CRM token", serve, with(servable(), map[string]string{"CRM_ACCESS_TOKEN": ""}), []string{"CRM_ACCESS_TOKEN"}},
		{"no ERP token", serve, with(servable(), map[string]string{"ERP_ACCESS_TOKEN": ""}), []string{"ERP_ACCESS_TOKEN"}},
		{"no e-mail sender", serve, with(servable(), map[string]string{"HANDOFF_EMAIL_FROM": ""}), []string{"HANDOFF_EMAIL_FROM"}},
		{"no e-mail recipients", serve, with(servable(), map[string]string{"HANDOFF_EMAIL_TO": ""}), []string{"HANDOFF_EMAIL_TO"}},
		{"operators texted instead of e-mail", serve, with(servable(), map[string]string{"HANDOFF_EMAIL_FROM": "", "HANDOFF_EMAIL_TO": "", "OPERATOR_PHONES": "5511999990000"}), nil},
		{"admins alone texted instead of e-mail", serve, with(servable(), map[string]string{"HANDOFF_EMAIL_FROM": "", "HANDOFF_EMAIL_TO": "", "ADMIN_PHONES": "(11) 98888-7777"}), nil},
		{"nobody to text", serve, with(servable(), map[string]string{"HANDOFF_EMAIL_FROM": "", "HANDOFF_EMAIL_TO": ""}), []string{"HANDOFF_EMAIL_FROM", "HANDOFF_EMAIL_TO"}},
		{"half an e-mail beside operators", serve, with(servable(), map[string]string{"HANDOFF_EMAIL_TO": "", "OPERATOR_PHONES": "5511999990000"}), []string{"HANDOFF_EMAIL_TO"}},
		{"admin key too short", serve, with(servable(), map[string]string{"ADMIN_API_KEY": "short"}), []string{"ADMIN_API_KEY"}},
		{"admin key of 23 characters", serve, with(servable(), map[string]string{"ADMIN_API_KEY": strings.Repeat("k", 23)}), []string{"ADMIN_API_KEY"}},
		{"admin key of 24 characters", serve, with(servable(), map[string]string{"ADMIN_API_KEY": strings.Repeat("k", 24)}), nil},
		{"sync takes a short admin key", sync, map[string]string{"CRM_ENABLED": "false", "ERP_ENABLED": "false", "ADMIN_API_KEY": "short"}, nil},
		{"adapters off need nothing", serve, map[string]string{
			"LLM_API_KEY": "sk-test", "LLM_MODEL": "gpt-test", "MESSAGING_APP_SECRET": "app-secret",
			"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false", "HANDOFF_NOTIFIER_ENABLED": "false",
		}, nil},
		{"format errors and needs together", serve, map[string]string{"DEBOUNCE_WINDOW": "abc", "RECOVERY_INTERVAL": "0s", "LLM_API_KEY": "sk-test", "LLM_MODEL": "gpt-test",
			"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false", "HANDOFF_NOTIFIER_ENABLED": "false"},
			[]string{"DEBOUNCE_WINDOW", "RECOVERY_INTERVAL", "MESSAGING_APP_SECRET"}},
		{"sync, empty environment", sync, nil, []string{"CRM_ACCESS_TOKEN", "ERP_ACCESS_TOKEN"}},
		{"sync, CRM token set", sync, map[string]string{"CRM_ACCESS_TOKEN": "crm-token"}, []string{"ERP_ACCESS_TOKEN"}},
		{"sync, both tokens set", sync, map[string]string{"CRM_ACCESS_TOKEN": "crm-token", "ERP_ACCESS_TOKEN": "erp-token"}, nil},
		{"sync, ERP off", sync, map[string]string{"CRM_ACCESS_TOKEN": "crm-token", "ERP_ENABLED": "false"}, nil},
		{"sync, CRM off, ERP on", sync, map[string]string{"CRM_ENABLED": "false"}, []string{"ERP_ACCESS_TOKEN"}},
		{"sync, both off", sync, map[string]string{"CRM_ENABLED": "false", "ERP_ENABLED": "false"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := config.Load(env(tt.vars), tt.need)
			if got := problemVars(t, err); !slices.Equal(got, tt.want) {
				t.Errorf("Load(%v) names %v, want %v:\n%v", tt.vars, got, tt.want, err)
			}
		})
	}
}

// Without needs, Load accepts an empty environment: the emulator runs on it.
func TestLoadWithoutNeedsAcceptsAnEmptyEnvironment(t *testing.T) {
	if _, err := config.Load(env(nil)); err != nil {
		t.Fatalf("Load(empty) = %v, want nil", err)
	}
}

// A command passes what it needs to Load; every unmet need is reported with
// the format errors, each naming its variable.
func ExampleServeNeeds() {
	vars := map[string]string{
		"LLM_PROVIDER": "replay", "LLM_REPLAY_FILE": "answers.yaml", "WEBHOOK_ALLOW_UNSIGNED": "true",
		"MESSAGING_CLOUD_ENABLED": "false", "ERP_ENABLED": "false", "HANDOFF_NOTIFIER_ENABLED": "false",
	}
	_, err := config.Load(func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}, config.ServeNeeds)
	fmt.Println(err)
	// Output:
	// config: CRM_ACCESS_TOKEN: is required with CRM_ENABLED=true (set CRM_ENABLED=false to run the local stub, which records and succeeds)
}
