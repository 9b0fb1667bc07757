package emulator

import (
	"github.com/intake-runtime/intake/runtime/config"
)

// Adapter is one external adapter as the emulator runs it.
type Adapter struct {
	// Name is how the banner calls it.
	Name string
	// Flag is the variable that turns it on or off.
	Flag string
	// Enabled is the flag's value.
	Enabled bool
	// Missing names the variables an enabled adapter needs and lacks; with
	// any missing, the emulator runs the adapter's local stub instead.
	Missing []string
	// Target says where a live adapter's effects go ("REAL calls to
	// <base URL>", "e-mails to the in-memory mailer"…).
	Target string
}

// Live reports whether the adapter makes real calls.
func (a Adapter) Live() bool { return a.Enabled && len(a.Missing) == 0 }

// Adapters describes the four adapters of the spec's runner (messaging, CRM,
// ERP, handoff notifier) under cfg.
func Adapters(cfg config.Config) []Adapter {
	messaging := Adapter{Name: "messaging", Flag: "MESSAGING_CLOUD_ENABLED", Enabled: cfg.Messaging.CloudEnabled,
		Missing: cfg.Messaging.Missing(), Target: "REAL calls to " + cfg.Messaging.APIBaseURL}
	crm := Adapter{Name: "CRM", Flag: "CRM_ENABLED", Enabled: cfg.CRM.Enabled,
		Missing: cfg.CRM.Missing(), Target: "REAL calls to " + cfg.CRM.BaseURL}
	erp := Adapter{Name: "ERP", Flag: "ERP_ENABLED", Enabled: cfg.ERP.Enabled,
		Missing: cfg.ERP.Missing(), Target: "REAL calls to " + cfg.ERP.BaseURL}
	// The notifier needs someone to notify: e-mail recipients (with a sender)
	// or operator numbers. E-mail never leaves the emulator: it goes to the
	// in-memory mailer.
	handoff := Adapter{Name: "handoff notifier", Flag: "HANDOFF_NOTIFIER_ENABLED", Enabled: cfg.Handoff.NotifierEnabled}
	email := cfg.Handoff.EmailFrom != "" && len(cfg.Handoff.EmailTo) > 0
	operators := len(cfg.Handoff.OperatorPhones)+len(cfg.Admin.Phones) > 0
	texts := "messages to the roster (OPERATOR_PHONES and ADMIN_PHONES seed it)"
	if !messaging.Live() {
		texts += " through the messaging stub"
	}
	switch {
	case email && operators:
		handoff.Target = "e-mails to the in-memory mailer, " + texts
	case email:
		handoff.Target = "e-mails to the in-memory mailer"
	case operators:
		handoff.Target = texts
	default:
		handoff.Missing = []string{"HANDOFF_EMAIL_FROM + HANDOFF_EMAIL_TO, OPERATOR_PHONES or ADMIN_PHONES"}
	}
	return []Adapter{messaging, crm, erp, handoff}
}

// WithFallbacks returns cfg with every enabled adapter that lacks
// credentials turned off, which makes the application build its local stub
// (it records and succeeds) instead of a client whose every call would fail.
// A fresh checkout therefore runs with the default true flags.
func WithFallbacks(cfg config.Config) config.Config {
	for _, a := range Adapters(cfg) {
		if a.Live() || !a.Enabled {
			continue
		}
		switch a.Flag {
		case "MESSAGING_CLOUD_ENABLED":
			cfg.Messaging.CloudEnabled = false
		case "CRM_ENABLED":
			cfg.CRM.Enabled = false
		case "ERP_ENABLED":
			cfg.ERP.Enabled = false
		case "HANDOFF_NOTIFIER_ENABLED":
			cfg.Handoff.NotifierEnabled = false
		}
	}
	return cfg
}
