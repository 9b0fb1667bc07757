package atendimento

import (
	"context"
	"errors"
	"time"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
)

// BasePath is where the console is mounted (the spec's /atendimento).
const BasePath = "/atendimento"

// Queue lists the handoff queue; *handoff.Queue implements it.
type Queue interface {
	List(ctx context.Context) ([]handoff.Entry, error)
}

// Sessions reads one session; *persistence.Sessions implements it.
type Sessions interface {
	Get(ctx context.Context, phone, sessionID string) (persistence.Session, error)
}

// History reads a session's message log, oldest first; *persistence.Messages
// implements it.
type History interface {
	List(ctx context.Context, phone, sessionID string) ([]persistence.Message, error)
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
}

func (d Deps) validate() error {
	if d.Conversations == nil || d.Queue == nil || d.Sessions == nil || d.Messages == nil || d.Sender == nil {
		return errors.New("atendimento: Deps needs Conversations, Queue, Sessions, Messages and Sender")
	}
	return nil
}

// Config configures the console. runtime maps the environment onto it.
type Config struct {
	// Operators are the numbers allowed in (OPERATOR_PHONES), any formatting.
	// None keeps everyone out, with the same pages as for a wrong number.
	Operators []string
	// CookieKey signs session cookies (HMAC-SHA256); at least 32 bytes.
	// Sessions survive a restart only when it is stable.
	CookieKey []byte
	// CodeTTL is how long a login code is valid. Default 5 minutes.
	CodeTTL time.Duration
	// MaxFailures wrong codes in a row lock a number. Default 5.
	MaxFailures int
	// LockFor is how long a locked number stays locked. Default 15 minutes.
	LockFor time.Duration
	// ResendAfter is the least time between two codes for one number, so the
	// login form cannot be used to flood an operator's phone. Default 30s.
	ResendAfter time.Duration
	// SessionTTL is the life of a session cookie. Default 12 hours: a shift.
	SessionTTL time.Duration
	// CommandTimeout bounds one operator command. Default 30 seconds.
	CommandTimeout time.Duration
	// PollInterval is how often the pages refresh. Default 2 seconds.
	PollInterval time.Duration
	// SecureCookie marks the cookie Secure; set it when served over HTTPS.
	SecureCookie bool
	// LogCodes logs login codes at INFO. Only for the local messaging stub,
	// which delivers nothing: a real deployment must leave it false.
	LogCodes bool
	// ShowCodes shows login codes on the code page itself (see devcode.go).
	// Only for a development runner with the local messaging stub: anyone
	// who opens the page can then log in as any operator.
	ShowCodes bool
	// Now is the clock; default time.Now. Tests move it to expire codes.
	Now func() time.Time
}

func (c *Config) setDefaults() {
	if c.CodeTTL == 0 {
		c.CodeTTL = 5 * time.Minute
	}
	if c.MaxFailures == 0 {
		c.MaxFailures = 5
	}
	if c.LockFor == 0 {
		c.LockFor = 15 * time.Minute
	}
	if c.ResendAfter == 0 {
		c.ResendAfter = 30 * time.Second
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
	if c.Now == nil {
		c.Now = time.Now
	}
}

// Validate reports a missing or short cookie key and negative limits.
func (c Config) Validate() error {
	var errs []error
	if len(c.CookieKey) < 32 {
		errs = append(errs, errors.New("atendimento: Config.CookieKey must hold at least 32 bytes"))
	}
	if c.CodeTTL < 0 || c.LockFor < 0 || c.ResendAfter < 0 || c.SessionTTL < 0 || c.MaxFailures < 0 {
		errs = append(errs, errors.New("atendimento: durations and MaxFailures must not be negative"))
	}
	return errors.Join(errs...)
}
