package emulator_test

import (
	"testing"

	"github.com/intake-runtime/intake/emulator"
)

func TestWithFallbacksStubsEnabledAdaptersWithoutCredentials(t *testing.T) {
	// A fresh checkout: every flag true, no credentials; the handoff
	// notifier has the emulator's default operator to text (through the
	// messaging stub).
	cfg := load(t, nil, nil)
	for _, a := range emulator.Adapters(cfg) {
		if a.Flag == "HANDOFF_NOTIFIER_ENABLED" {
			if !a.Live() || a.Target != "messages to the roster (OPERATOR_PHONES and ADMIN_PHONES seed it) through the messaging stub" {
				t.Errorf("%s on a fresh checkout: %+v, want texts to the default operator", a.Name, a)
			}
			continue
		}
		if !a.Enabled || a.Live() || len(a.Missing) == 0 {
			t.Errorf("%s on a fresh checkout: %+v, want enabled without credentials", a.Name, a)
		}
	}
	eff := emulator.WithFallbacks(cfg)
	if eff.Messaging.CloudEnabled || eff.CRM.Enabled || eff.ERP.Enabled || !eff.Handoff.NotifierEnabled {
		t.Errorf("WithFallbacks left an adapter without credentials on, or turned the notifier off: %+v", eff)
	}
	if !cfg.CRM.Enabled {
		t.Error("WithFallbacks changed its argument")
	}

	full := load(t, map[string]string{
		"MESSAGING_ACCESS_TOKEN": "tok", "MESSAGING_PHONE_NUMBER_ID": "123",
		"CRM_ACCESS_TOKEN": "crm", "ERP_ACCESS_TOKEN": "erp",
		"HANDOFF_EMAIL_FROM": "bot@example.com", "HANDOFF_EMAIL_TO": "ops@example.com",
	}, nil)
	for _, a := range emulator.Adapters(full) {
		if !a.Live() {
			t.Errorf("%s with credentials is not live: %+v", a.Name, a)
		}
	}
	eff = emulator.WithFallbacks(full)
	if !eff.Messaging.CloudEnabled || !eff.CRM.Enabled || !eff.ERP.Enabled || !eff.Handoff.NotifierEnabled {
		t.Errorf("WithFallbacks turned off a live adapter: %+v", eff)
	}

	off := load(t, map[string]string{"CRM_ENABLED": "false", "CRM_ACCESS_TOKEN": "crm"}, nil)
	if a := emulator.Adapters(off)[1]; a.Name != "CRM" || a.Enabled || a.Live() {
		t.Errorf("CRM_ENABLED=false: %+v", a)
	}
}
