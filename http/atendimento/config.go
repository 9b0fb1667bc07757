package atendimento

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/http/login"
	"github.com/intake-runtime/intake/locale"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// BasePath is where the console is mounted (the spec's /atendimento).
const BasePath = "/atendimento"

// Queue lists the handoff queue; *handoff.Queue implements it.
type Queue interface {
	List(ctx context.Context) ([]handoff.Entry, error)
}

// Sessions reads one session, or a phone's active one; *persistence.Sessions
// implements it.
type Sessions interface {
	Get(ctx context.Context, phone, sessionID string) (domain.Session, error)
	Active(ctx context.Context, phone string) (domain.Session, error)
}

// History reads a session's message log, oldest first; *persistence.Messages
// implements it.
type History interface {
	List(ctx context.Context, phone, sessionID string) ([]domain.Message, error)
}

// Deps are the console's collaborators. All are required.
type Deps struct {
	// Conversations applies operator commands through the session actors,
	// so they are serialised with the customer's turns.
	Conversations handoff.Conversations
	Queue         Queue
	Sessions      Sessions
	Messages      History
	// Sender delivers login codes to operators on the messaging platform.
	Sender messaging.Sender
	// Logins keeps login codes and wrong-code counters; OperatorSessions
	// the logged-in sessions. Both in the table: they work across nodes.
	Logins           LoginStore
	OperatorSessions SessionStore
	// Search lists and finds conversations for the history page and the
	// customer panel's earlier sessions; Projections reads the panel's CRM
	// and ERP projection status.
	Search      Search
	Projections Projections
	// SavedReplies are the ready answers the reply box offers as /code.
	SavedReplies SavedReplyList
	// Notes keeps the operators' internal notes on conversations.
	Notes NoteStore
	// Availability keeps whether each operator is available or away.
	Availability AvailabilityStore
	// Roster is the one list of operators (OPERATOR_PHONES only seeds it):
	// who may log in, who a conversation can be transferred to, who is
	// disabled, and their signatures. An empty roster keeps everyone out,
	// with the same pages as for a wrong number.
	Roster Roster
	// Media fetches customers' files for the conversation page. Optional:
	// without it a file's URL answers 502 and the page shows its text.
	Media messaging.MediaSource
	// Audit records logins and notes in the audit trail. Optional: without
	// it they are not recorded (operator commands commit theirs anyway).
	Audit Audit
}

func (d Deps) validate() error {
	if d.Conversations == nil || d.Queue == nil || d.Sessions == nil || d.Messages == nil || d.Sender == nil ||
		d.Logins == nil || d.OperatorSessions == nil || d.Search == nil || d.Projections == nil ||
		d.SavedReplies == nil || d.Notes == nil || d.Availability == nil || d.Roster == nil {
		return errors.New("atendimento: Deps needs Conversations, Queue, Sessions, Messages, Sender, Logins, OperatorSessions, " +
			"Search, Projections, SavedReplies, Notes, Availability and Roster")
	}
	return nil
}

// Config configures the console. runtime maps the environment onto it.
type Config struct {
	// DefaultCountry is the region of the numbers operators type without a
	// country code (DEFAULT_COUNTRY): login, take-over, transfer, search.
	// Default messaging.DefaultRegion.
	DefaultCountry string
	// Rules are the login's limits (codes, wrong-code throttles, resends),
	// package login's, shared with the owners' login to /admin; zero fields
	// take its defaults.
	login.Rules
	// SessionTTL is the life of a session; logout ends it sooner, on every
	// node. Default 12 hours: a shift.
	SessionTTL time.Duration
	// StoreTimeout bounds the table calls of one login or session check
	// (STORE_TIMEOUT). Default 5 seconds.
	StoreTimeout time.Duration
	// CommandTimeout bounds one operator command. Default 30 seconds.
	CommandTimeout time.Duration
	// PollInterval is how often the pages refresh. Default 2 seconds.
	PollInterval time.Duration
	// SLA is how long a handed-off customer may wait before the queue shows
	// the wait in the alarm colour (HANDOFF_SLA). Default 5 minutes.
	SLA time.Duration
	// TrustedProxies are the proxies in front of the console
	// (HTTP_TRUSTED_PROXIES): behind them the login throttles by the address
	// they forwarded, not by theirs (see login.Source).
	TrustedProxies []netip.Prefix
	// SecureCookie marks the cookie Secure; runtime sets it unless
	// PUBLIC_BASE_URL is plain http.
	SecureCookie bool
	// RefusedCodes counts each wrong login code (the metrics); nil counts
	// nothing. Each is also logged at warn, masked.
	RefusedCodes func(surface string)
	// LogCodes logs login codes at INFO. Only for the local messaging stub,
	// which delivers nothing: a real deployment must leave it false.
	LogCodes bool
	// ShowCodes shows login codes on the code page itself (see devcode.go).
	// Only for a development runner with the local messaging stub: anyone
	// who opens the page can then log in as any operator.
	ShowCodes bool
	// Lang is the pages' language (UI_LANG). Default pt-BR.
	Lang locale.Lang
	// Zone is the zone dates are shown in (UI_TIMEZONE). Default
	// America/Sao_Paulo.
	Zone *time.Location
	// Hours is when people answer (BUSINESS_HOURS): the queue page says
	// whether the business is open now and when it opens. It is the holder
	// the owner's edits replace; nil (always open) shows nothing.
	Hours *businesshours.Live
	// ConsoleURL is the console's address in messages to operators
	// (PUBLIC_BASE_URL + BasePath); default BasePath.
	ConsoleURL string
	// Templates are the approved templates offered once a customer's
	// 24-hour window closed (MESSAGING_TEMPLATES).
	Templates []Template
	// TemplateList, when set, is read at each use instead of Templates:
	// the list the owner edits in /admin, live without a restart.
	TemplateList *TemplateList
	// Now is the clock; default time.Now. Tests move it to expire codes.
	Now func() time.Time
}

func (c *Config) setDefaults() {
	if c.DefaultCountry == "" {
		c.DefaultCountry = messaging.DefaultRegion
	}
	c.Rules.SetDefaults()
	if c.StoreTimeout == 0 {
		c.StoreTimeout = 5 * time.Second
	}
	if c.SessionTTL == 0 {
		c.SessionTTL = 12 * time.Hour
	}
	if c.CommandTimeout == 0 {
		c.CommandTimeout = 30 * time.Second
	}
	if c.PollInterval == 0 {
		c.PollInterval = 2 * time.Second
	}
	if c.SLA == 0 {
		c.SLA = 5 * time.Minute
	}
	if c.Lang == "" {
		c.Lang = locale.DefaultLang
	}
	if c.Zone == nil {
		c.Zone, _ = time.LoadLocation(locale.DefaultZone) // embedded by locale
	}
	if c.ConsoleURL == "" {
		c.ConsoleURL = BasePath
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}

// Validate reports negative limits and an unknown DefaultCountry.
func (c Config) Validate() error {
	if _, err := messaging.Region(c.DefaultCountry); err != nil {
		return fmt.Errorf("atendimento: DefaultCountry: %w", err)
	}
	if err := c.Rules.Validate(); err != nil {
		return fmt.Errorf("atendimento: %w", err)
	}
	if c.SessionTTL < 0 || c.StoreTimeout < 0 || c.SLA < 0 {
		return errors.New("atendimento: durations must not be negative")
	}
	return nil
}
