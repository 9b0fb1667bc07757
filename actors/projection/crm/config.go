package crm

import (
	"fmt"
	"time"

	"github.com/intake-runtime/intake/internal/httpcall"
)

// Defaults of Config. runtime maps the CRM_* variables onto the config; these
// apply to the fields it leaves zero.
const (
	DefaultBaseURL         = "https://api.hubapi.com"
	DefaultMaxRPS          = 9
	DefaultTimeout         = 10 * time.Second
	DefaultMaxRetries      = 3
	DefaultMaxRetryWait    = 10 * time.Second
	DefaultSessionProperty = "intake_session_id"
)

// Config configures the CRM client. Environment variables are read in
// runtime; this package only receives values.
type Config struct {
	// Config is the account: CRM_BASE_URL, the private-app token
	// CRM_ACCESS_TOKEN, and CRM_MAX_RPS (the CRM allows about ten requests
	// a second for a private app). MaxRetries zero means DefaultMaxRetries.
	httpcall.Config
	// Pipeline is the deal pipeline ID set on create (CRM_PIPELINE); empty
	// leaves it to the CRM's default pipeline.
	Pipeline string
	// OwnerID is the hubspot_owner_id set on create (CRM_OWNER_ID); empty
	// leaves deals unassigned. Updates never change it, so an operator's
	// reassignment in the CRM stands.
	OwnerID string
	// Stages maps the projection's logical stages (see the projection package)
	// to the pipeline's stage IDs. A stage it lacks is sent by its logical
	// name, which suits pipelines whose stage IDs were created with those
	// names.
	Stages map[string]string
	// SessionProperty is the custom deal property that holds the Intake
	// session ID: set on create, searched before a create whose outcome is
	// unknown. Making it a unique-value property in the CRM also turns a
	// duplicate create into a 409, which the client resolves to the existing
	// deal.
	SessionProperty string
	// LogicalStages are the logical stages the projection sends
	// (projection.Stages): CheckSetup looks for each one's stage ID in the
	// pipeline, and a Stages key outside them is a typo Validate refuses.
	// Empty checks only the mapped stages.
	LogicalStages []string
	// Live, when set, is the mapping the client reads at each call in place
	// of Stages and SessionProperty: the owner's setting, which an edit in
	// /admin swaps while the client runs. Nil holds Stages and
	// SessionProperty.
	Live *LiveMapping
}

func (c *Config) setDefaults() {
	c.Config = c.Config.WithDefaults(httpcall.Config{
		BaseURL: DefaultBaseURL, MaxRPS: DefaultMaxRPS, Timeout: DefaultTimeout,
		MaxRetries: DefaultMaxRetries, MaxRetryWait: DefaultMaxRetryWait,
	})
	if c.SessionProperty == "" {
		c.SessionProperty = DefaultSessionProperty
	}
}

// Validate reports a configuration that cannot sync, once defaults are
// applied to the zero fields. Its messages never include the access token.
func (c Config) Validate() error {
	c.setDefaults()
	if err := c.Config.Validate("crm"); err != nil {
		return err
	}
	m := Mapping{Stages: c.Stages, SessionProperty: c.SessionProperty}
	if c.Live != nil {
		m = c.Live.Get()
	}
	if err := m.Validate(c.LogicalStages); err != nil {
		return fmt.Errorf("crm: %w", err)
	}
	return nil
}
