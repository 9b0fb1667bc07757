package config

// Need is what one command requires of a well-formed configuration: a
// language model, a signed webhook, the credentials of the adapters it runs.
// It returns one *Error per unmet requirement, naming the variable to set.
// Load checks the needs it is given together with the format of every
// variable, so one run reports everything that stops the command.
//
// Needs belong to commands, not to the configuration: the emulator runs
// with an empty environment (it stubs what lacks credentials), while serve
// refuses to start unsafe.
type Need func(Config) []error

// ServeNeeds is what `intake serve` needs before it answers customers:
//   - a language model: LLM_API_KEY and LLM_MODEL with LLM_PROVIDER=openai;
//     an offline provider (replay, demo) only when chosen on purpose;
//   - LLM_API_KEY when TRANSCRIPTION_ENABLED, whatever the provider;
//   - MESSAGING_APP_SECRET, so that the webhook checks signatures, unless
//     WEBHOOK_ALLOW_UNSIGNED=true accepts unsigned deliveries on purpose;
//   - the credentials of every enabled adapter (messaging, CRM, ERP, handoff
//     notifier);
//   - an ADMIN_API_KEY, when set, of at least MinAdminKeyLength characters.
func ServeNeeds(c Config) []error {
	var v validator
	v.adminKey(c.Admin.APIKey)
	if c.LLM.Provider == ProviderOpenAI {
		const problem = "is required with LLM_PROVIDER=openai, the default (to run without a model on purpose, set LLM_PROVIDER=demo, or LLM_PROVIDER=replay and LLM_REPLAY_FILE)"
		v.need("LLM_API_KEY", c.LLM.APIKey != "", problem)
		v.need("LLM_MODEL", c.LLM.Model != "", problem)
	}
	v.transcriptionNeeds(c)
	v.need("MESSAGING_APP_SECRET", c.Messaging.AppSecret != "" || c.Webhook.AllowUnsigned,
		"is required, or the webhook accepts deliveries nobody signed (set WEBHOOK_ALLOW_UNSIGNED=true to accept them on purpose)")
	v.adapter("MESSAGING_CLOUD_ENABLED", c.Messaging.CloudEnabled, c.Messaging.Missing())
	v.adapter("CRM_ENABLED", c.CRM.Enabled, c.CRM.Missing())
	v.adapter("ERP_ENABLED", c.ERP.Enabled, c.ERP.Missing())
	v.handoff(c.Handoff, c.Admin.Phones)
	return v.errs
}

// MinAdminKeyLength is the shortest ADMIN_API_KEY serve accepts: 24
// characters of a random key are far beyond guessing at the ten tries a
// minute an address gets, while a short or word-like key is not. The
// emulator, local by design, takes any.
const MinAdminKeyLength = 24

// adminKey refuses a set ADMIN_API_KEY shorter than MinAdminKeyLength; an
// empty one keeps the API closed and is fine.
func (v *validator) adminKey(key Secret) {
	if n := len(key.Reveal()); n > 0 && n < MinAdminKeyLength {
		v.fail("ADMIN_API_KEY", "is %d characters long; use at least %d random ones (e.g. openssl rand -hex 16), or leave it empty to keep the admin API closed",
			n, MinAdminKeyLength)
	}
}

// SyncNeeds is what `intake sync` needs: the CRM credentials when
// CRM_ENABLED and the ERP's when ERP_ENABLED, each on its own (the job
// stubs the one disabled; the table's settings have defaults and are
// checked with every configuration).
func SyncNeeds(c Config) []error {
	var v validator
	v.adapter("CRM_ENABLED", c.CRM.Enabled, c.CRM.Missing())
	v.adapter("ERP_ENABLED", c.ERP.Enabled, c.ERP.Missing())
	return v.errs
}

// need reports name as missing unless it is set; problem says why it is
// required and how to do without it on purpose.
func (v *validator) need(name string, set bool, problem string) {
	if !set {
		v.fail(name, "%s", problem)
	}
}

// adapter reports every missing variable of an adapter that flag enables.
func (v *validator) adapter(flag string, enabled bool, missing []string) {
	if !enabled {
		return
	}
	for _, name := range missing {
		v.fail(name, "is required with %s=true (set %s=false to run the local stub, which records and succeeds)", flag, flag)
	}
}

// handoff checks that an enabled notifier has someone to notify: e-mail needs
// a sender and recipients together; without e-mail, the roster is texted,
// which OPERATOR_PHONES or ADMIN_PHONES (admins are operators too) fill.
func (v *validator) handoff(h Handoff, admins []string) {
	from, to := h.EmailFrom != "", len(h.EmailTo) > 0
	if !h.NotifierEnabled || (from && to) || (!from && !to && len(h.OperatorPhones)+len(admins) > 0) {
		return
	}
	problem := "is required with HANDOFF_NOTIFIER_ENABLED=true: e-mail notices need HANDOFF_EMAIL_FROM and HANDOFF_EMAIL_TO together " +
		"(or set only OPERATOR_PHONES or ADMIN_PHONES to text the roster instead, or HANDOFF_NOTIFIER_ENABLED=false for the local stub)"
	v.need("HANDOFF_EMAIL_FROM", from, problem)
	v.need("HANDOFF_EMAIL_TO", to, problem)
}
